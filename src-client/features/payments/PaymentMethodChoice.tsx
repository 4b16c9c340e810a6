import { Group, Loader, NativeSelect, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatMinor, type Currency } from "../../../src/domain/currencies";
import { formatMoney } from "../../../src/domain/money";
import { CARD_CHOICE, LOCAL_CURRENCIES, isLocalCurrency, type PaymentChoice } from "./payment-choice";

export const CARD_USD = "Card (USD)";
export const LOCAL_METHOD = "Mobile money or local card";

/** What the client is charged, as the payment intent answered it. */
export interface ChargeQuote {
  /** The price in US dollars ("45.00"). */
  amount: string;
  currency: Currency;
  /** The charge in the currency's minor units. */
  chargeAmount: number;
}

function MethodCard({ value, label }: { value: PaymentChoice["method"]; label: string }) {
  return (
    <Radio.Card value={value} radius="md" p="sm">
      <Group wrap="nowrap" gap="sm" align="center">
        <Radio.Indicator />
        <Text fw={500}>{label}</Text>
      </Group>
    </Radio.Card>
  );
}

/**
 * docs/product.md#mobile-money: card in US dollars, or a local currency (`Pay in`) with the amount it charges. The
 * amount is shown once the payment intent answers in the chosen currency; `updating` while it is being asked again.
 */
export function PaymentMethodChoice({
  choice,
  onChoice,
  quote,
  updating,
  currencies,
}: {
  choice: PaymentChoice;
  onChoice: (choice: PaymentChoice) => void;
  quote: ChargeQuote | null;
  updating: boolean;
  /** The currencies mobile money is offered in (payments.config); every local currency when absent. */
  currencies?: readonly Currency[] | undefined;
}) {
  const local = choice.method === "local" ? choice : null;
  const offered = currencies ? LOCAL_CURRENCIES.filter((c) => currencies.includes(c.value)) : LOCAL_CURRENCIES;
  return (
    <Stack gap="sm">
      <Radio.Group
        label="How would you like to pay?"
        value={choice.method}
        onChange={(value) => onChoice(value === "local" ? { method: "local", currency: null } : CARD_CHOICE)}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
          <MethodCard value="card" label={CARD_USD} />
          <MethodCard value="local" label={LOCAL_METHOD} />
        </SimpleGrid>
      </Radio.Group>
      {local && (
        <NativeSelect
          label="Pay in"
          data={[{ value: "", label: "Choose a currency", disabled: true }, ...offered]}
          value={local.currency ?? ""}
          disabled={updating}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLocalCurrency(value)) onChoice({ method: "local", currency: value });
          }}
        />
      )}
      {local?.currency &&
        (updating || !quote || quote.currency !== local.currency ? (
          updating && (
            <Group gap="xs">
              <Loader size="xs" aria-label="Updating the amount" />
              <Text size="sm" c="dimmed">
                Updating the amount…
              </Text>
            </Group>
          )
        ) : (
          <Text fw={600}>{`You pay ${formatMinor(quote.chargeAmount, quote.currency)} (${formatMoney(quote.amount)})`}</Text>
        ))}
    </Stack>
  );
}
