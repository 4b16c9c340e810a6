import { Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { formatMoney, type Cents } from "../../../src/domain/money";
import { lineTotal, type OrderTotals } from "../../../src/domain/shipping";
import type { RouterInputs } from "../../trpc";

/** A line as the order payment request carries it. */
export type SummaryItem = RouterInputs["orders"]["createPayment"]["items"][number];

/** The checkout's side panel (docs/product.md#routes-and-screens): each item as name x quantity with its line total, then Subtotal, Shipping, Total. */
export function OrderSummary({ items, totals }: { items: SummaryItem[]; totals: OrderTotals | null }) {
  const money = (amount: Cents) => formatMoney(amount);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-summary-title">
      <Title order={2} fz="h3" id="checkout-summary-title" mb="md">
        Order Summary
      </Title>
      <Stack gap="xs">
        {items.map((item) => (
          <Group key={item.productId} justify="space-between" wrap="nowrap" align="flex-start" data-testid="summary-item">
            <Text size="sm">
              {item.productName} x {item.quantity}
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
              <Text>Subtotal</Text>
              <Text data-testid="checkout-subtotal">{money(totals.subtotal)}</Text>
            </Group>
            <Group justify="space-between">
              <Text>Shipping</Text>
              <Text data-testid="checkout-shipping">{money(totals.shippingCost)}</Text>
            </Group>
            <Divider my="xs" />
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
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
