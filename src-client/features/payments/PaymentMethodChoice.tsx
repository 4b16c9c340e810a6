import { Group, Loader, NativeSelect, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatMinor, type Currency } from "../../../src/domain/currencies";
import { formatMoney } from "../../../src/domain/money";
import { useI18n } from "../../lib/i18n";
import { CARD_CHOICE, LOCAL_CURRENCIES, isLocalCurrency, type PaymentChoice } from "./payment-choice";

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
  const { t } = useI18n();
  const local = choice.method === "local" ? choice : null;
  const offered = currencies ? LOCAL_CURRENCIES.filter((c) => currencies.includes(c.value)) : LOCAL_CURRENCIES;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("payment.howToPay")}
        value={choice.method}
        onChange={(value) => onChoice(value === "local" ? { method: "local", currency: null } : CARD_CHOICE)}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
          <MethodCard value="card" label={t("payment.cardUsd")} />
          <MethodCard value="local" label={t("payment.local")} />
        </SimpleGrid>
      </Radio.Group>
      {local && (
        <NativeSelect
          label={t("payment.payIn")}
          data={[
            { value: "", label: t("payment.chooseCurrency"), disabled: true },
            ...offered.map(({ value, label }) => ({ value, label: t(label) })),
          ]}
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
              <Loader size="xs" aria-label={t("payment.updatingAmount")} />
              <Text size="sm" c="dimmed">
                {t("payment.updatingAmountText")}
              </Text>
            </Group>
          )
        ) : (
          <Text fw={600}>{t("payment.youPay", { charge: formatMinor(quote.chargeAmount, quote.currency), usd: formatMoney(quote.amount) })}</Text>
        ))}
    </Stack>
  );
}
