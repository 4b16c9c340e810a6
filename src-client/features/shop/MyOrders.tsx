import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconPackage } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../trpc";
import { OrderCard } from "./OrderCard";

/** /profile: the signed-in person's orders from the Sacred Market. */
export function MyOrders() {
  const orders = trpc.account.orders.useQuery();
  return (
    <Stack component="section" aria-labelledby="orders-title" gap="md">
      <Title order={2} id="orders-title">
        My Orders
      </Title>
      {orders.isPending && <Loader aria-label="Loading orders" />}
      {orders.isError && <Alert color="red" title="Your orders could not be loaded. Please try again later." />}
      {orders.data && orders.data.length === 0 && (
        <Group gap="sm">
          <IconPackage size={20} aria-hidden />
          <Text c="dimmed">No orders yet.</Text>
          <Button component={Link} to="/shop" variant="subtle">
            Visit the Sacred Market
          </Button>
        </Group>
      )}
      {orders.data && orders.data.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
          {orders.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
