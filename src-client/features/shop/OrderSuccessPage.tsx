import { useEffect, useRef } from "react";
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { formatPaid } from "../../../src/domain/money";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/** /order/success/{paymentIntentId}: confirms the order payment once on arrival (docs/product.md#routes-and-screens). */
export function OrderSuccessPage({ paymentIntentId }: { paymentIntentId: string }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
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
        <Alert color="red" title={t("shop.confirmFailed")} role="alert">
          <Text size="sm" mb="md">
            {t("shop.confirmFailedText")}
          </Text>
          <Button component={Link} to="/shop" variant="light" color="red">
            {t("shop.returnToShop")}
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
            {t("shop.confirming")}
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
          <Title order={1}>{t("shop.placed")}</Title>
          <Text c="dimmed">
            {t("shop.orderPaid", {
              number: order.orderNumber,
              amount: formatPaid(order.total, { currency: order.chargeCurrency, amount: order.chargeAmount }),
            })}
          </Text>
          <Text>{t("shop.receipt", { email: order.shippingEmail })}</Text>
          <Text>{t("shop.shipsSoon")}</Text>
          <Group mt="md">
            <Button component={Link} to="/shop">
              {t("shop.continueShopping")}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t("shop.returnHome")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
