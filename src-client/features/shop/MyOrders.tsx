import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconPackage } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { OrderCard } from "./OrderCard";

/** /profile: the signed-in person's orders from the Sacred Market. */
export function MyOrders() {
  const orders = trpc.account.orders.useQuery();
  const { t } = useI18n();
  return (
    <Stack component="section" aria-labelledby="orders-title" gap="md">
      <Title order={2} id="orders-title">
        {t("orders.title")}
      </Title>
      {orders.isPending && <Loader aria-label={t("orders.loading")} />}
      {orders.isError && <Alert color="red" title={t("orders.loadFailed")} />}
      {orders.data && orders.data.length === 0 && (
        <Group gap="sm">
          <IconPackage size={20} aria-hidden />
          <Text c="dimmed">{t("orders.none")}</Text>
          <Button component={Link} to="/shop" variant="subtle">
            {t("orders.visitShop")}
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
