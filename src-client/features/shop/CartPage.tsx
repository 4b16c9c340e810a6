import { Alert, Button, Card, Container, Divider, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { usePrice } from "../../lib/price";
import { subtotalOf } from "../../../src/domain/shipping";
import { loginHref, useAuth } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { CartLine } from "./CartLine";
import type { CartLineData } from "./types";

const cartSubtotal = (lines: CartLineData[]) => subtotalOf(lines.map((l) => ({ price: l.product.price, quantity: l.quantity })));

function Summary({ lines }: { lines: CartLineData[] }) {
  const subtotal = cartSubtotal(lines);
  const money = usePrice();
  const { t } = useI18n();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-summary-title">
      <Title order={2} fz="h3" id="order-summary-title" mb="md">
        {t("shop.summary")}
      </Title>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text>{t("shop.subtotal")}</Text>
          <Text fw={600} data-testid="summary-subtotal">
            {money(subtotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>{t("shop.shipping")}</Text>
          <Text c="dimmed">{t("shop.shippingLater")}</Text>
        </Group>
        <Divider my="xs" />
        <Group justify="space-between">
          <Text fw={700}>{t("shop.total")}</Text>
          <Text fw={700} data-testid="summary-total">
            {money(subtotal)}
          </Text>
        </Group>
        <Button component={Link} to="/checkout" mt="md" size="md" fullWidth>
          {t("shop.proceed")}
        </Button>
        <Button component={Link} to="/shop" variant="default" fullWidth>
          {t("shop.continueShopping")}
        </Button>
      </Stack>
    </Card>
  );
}

/** docs/product.md#routes-and-screens "/cart". The cart needs an account; a visitor is offered the login instead. */
export function CartPage() {
  const auth = useAuth();
  const { t } = useI18n();
  const cart = trpc.cart.list.useQuery(undefined, { enabled: auth.status === "signed-in" });

  let body;
  if (auth.status === "signed-out") {
    body = (
      <Alert color="ochre" title={t("shop.logInToView")}>
        <Button component="a" href={loginHref()} size="xs" mt="xs">
          {t("shop.logIn")}
        </Button>
      </Alert>
    );
  } else if (auth.status === "loading" || cart.isPending) {
    body = (
      <Group justify="center" py={60}>
        <Loader aria-label={t("shop.loadingCart")} />
      </Group>
    );
  } else if (cart.isError) {
    body = (
      <Alert color="red" title={t("shop.loadFailed")} role="alert">
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void cart.refetch()}>
          {t("shop.tryAgain")}
        </Button>
      </Alert>
    );
  } else if (cart.data.length === 0) {
    body = (
      <Stack align="center" gap="md" py={60}>
        <IconShoppingBag size={48} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text size="lg" fw={600}>
          {t("shop.empty")}
        </Text>
        <Button component={Link} to="/shop">
          {t("shop.continueShopping")}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md" component="section" aria-label={t("shop.cartItems")}>
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
        {t("shop.cart")}
      </Title>
      {body}
    </Container>
  );
}
