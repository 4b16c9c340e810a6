import { Alert, Button, Card, Container, Divider, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { usePrice } from "../../lib/price";
import { subtotalOf } from "../../../src/domain/shipping";
import { loginHref, useAuth } from "../../lib/auth";
import { trpc } from "../../trpc";
import { CartLine } from "./CartLine";
import type { CartLineData } from "./types";

const cartSubtotal = (lines: CartLineData[]) => subtotalOf(lines.map((l) => ({ price: l.product.price, quantity: l.quantity })));

function Summary({ lines }: { lines: CartLineData[] }) {
  const subtotal = cartSubtotal(lines);
  const money = usePrice();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-summary-title">
      <Title order={2} fz="h3" id="order-summary-title" mb="md">
        Order Summary
      </Title>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text>Subtotal</Text>
          <Text fw={600} data-testid="summary-subtotal">
            {money(subtotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>Shipping</Text>
          <Text c="dimmed">Calculated at checkout</Text>
        </Group>
        <Divider my="xs" />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="summary-total">
            {money(subtotal)}
          </Text>
        </Group>
        <Button component={Link} to="/checkout" mt="md" size="md" fullWidth>
          Proceed to Checkout
        </Button>
        <Button component={Link} to="/shop" variant="default" fullWidth>
          Continue Shopping
        </Button>
      </Stack>
    </Card>
  );
}

/** docs/product.md#routes-and-screens "/cart". The cart needs an account; a visitor is offered the login instead. */
export function CartPage() {
  const auth = useAuth();
  const cart = trpc.cart.list.useQuery(undefined, { enabled: auth.status === "signed-in" });

  let body;
  if (auth.status === "signed-out") {
    body = (
      <Alert color="ochre" title="Please log in to view your cart">
        <Button component="a" href={loginHref()} size="xs" mt="xs">
          Log In
        </Button>
      </Alert>
    );
  } else if (auth.status === "loading" || cart.isPending) {
    body = (
      <Group justify="center" py={60}>
        <Loader aria-label="Loading your cart" />
      </Group>
    );
  } else if (cart.isError) {
    body = (
      <Alert color="red" title="Could not load your cart" role="alert">
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void cart.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (cart.data.length === 0) {
    body = (
      <Stack align="center" gap="md" py={60}>
        <IconShoppingBag size={48} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text size="lg" fw={600}>
          Your cart is empty
        </Text>
        <Button component={Link} to="/shop">
          Continue Shopping
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md" component="section" aria-label="Cart items">
            {cart.data.map((line) => (
              <CartLine key={line.id} line={line} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Summary lines={cart.data} />
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xl">
        Your Cart
      </Title>
      {body}
    </Container>
  );
}
