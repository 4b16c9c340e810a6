import { Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { formatMoney, type Cents } from "../../../src/domain/money";
import { lineTotal, type OrderTotals } from "../../../src/domain/shipping";
import { useI18n } from "../../lib/i18n";
import type { RouterInputs } from "../../trpc";

/** A line as the order payment request carries it. */
export type SummaryItem = RouterInputs["orders"]["createPayment"]["items"][number];

/** The checkout's side panel (docs/product.md#routes-and-screens): each item as name x quantity with its line total, then Subtotal, Shipping, Total. */
export function OrderSummary({ items, totals }: { items: SummaryItem[]; totals: OrderTotals | null }) {
  const money = (amount: Cents) => formatMoney(amount);
  const { t } = useI18n();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-summary-title">
      <Title order={2} fz="h3" id="checkout-summary-title" mb="md">
        {t("shop.summary")}
      </Title>
      <Stack gap="xs">
        {items.map((item) => (
          <Group key={item.productId} justify="space-between" wrap="nowrap" align="flex-start" data-testid="summary-item">
            <Text size="sm">
              {t("shop.item", { name: item.productName, quantity: item.quantity })}
            </Text>
            <Text size="sm" fw={600}>
              {money(lineTotal(item))}
            </Text>
          </Group>
        ))}
        <Divider my="xs" />
        {totals && (
          <>
            <Group justify="space-between">
              <Text>{t("shop.subtotal")}</Text>
              <Text data-testid="checkout-subtotal">{money(totals.subtotal)}</Text>
            </Group>
            <Group justify="space-between">
              <Text>{t("shop.shipping")}</Text>
              <Text data-testid="checkout-shipping">{money(totals.shippingCost)}</Text>
            </Group>
            <Divider my="xs" />
            <Group justify="space-between">
              <Text fw={700}>{t("shop.total")}</Text>
              <Text fw={700} data-testid="checkout-total">
                {money(totals.total)}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
