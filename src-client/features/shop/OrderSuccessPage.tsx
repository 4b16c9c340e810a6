import { useEffect, useRef } from "react";
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { formatPaid } from "../../../src/domain/money";
import { trpc } from "../../trpc";

/** /order/success/{paymentIntentId}: confirms the order payment once on arrival (docs/product.md#routes-and-screens). */
export function OrderSuccessPage({ paymentIntentId }: { paymentIntentId: string }) {
  const utils = trpc.useUtils();
  const confirm = trpc.orders.confirmPayment.useMutation({
    // The order emptied the cart: the header badge and the cart page read it again.
    onSettled: () => utils.cart.list.invalidate(),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate({ paymentIntentId });
  }, [confirm, paymentIntentId]);

  if (confirm.isError) {
    return (
      <Container size="sm" py={80}>
        <Alert color="red" title="Payment Confirmation Failed" role="alert">
          <Text size="sm" mb="md">
            There was an issue confirming your payment. Please contact support.
          </Text>
          <Button component={Link} to="/shop" variant="light" color="red">
            Return to Shop
          </Button>
        </Alert>
      </Container>
    );
  }
  if (!confirm.isSuccess) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" gap="md">
          <Loader aria-hidden />
          <Text size="lg" role="status">
            Confirming your order...
          </Text>
        </Stack>
      </Container>
    );
  }

  const order = confirm.data;
  return (
    <Container size="sm" py={80}>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" color="forest" variant="light">
            <IconCircleCheck size={40} aria-hidden />
          </ThemeIcon>
          <Title order={1}>Order Placed Successfully!</Title>
          <Text c="dimmed">
            Order {order.orderNumber} · {formatPaid(order.total, { currency: order.chargeCurrency, amount: order.chargeAmount })}
          </Text>
          <Text>A receipt has been sent to your e-mail ({order.shippingEmail}).</Text>
          <Text>
            Your order will typically ship within 2-3 business days. We'll send you the tracking details once it's on its way.
          </Text>
          <Group mt="md">
            <Button component={Link} to="/shop">
              Continue Shopping
            </Button>
            <Button component={Link} to="/" variant="default">
              Return Home
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
