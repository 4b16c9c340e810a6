import { Loader, Stack, Text } from "@mantine/core";
import { formatMoney } from "../../../src/domain/money";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { StripePaymentForm } from "./StripePaymentForm";
import { TestCardForm } from "./TestCardForm";
import type { CardPaymentFormProps } from "./types";

/** The card form for a payment intent: Stripe's Payment Element when configured, else the test-mode form. */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const { t } = useI18n();
  const config = trpc.payments.config.useQuery();
  if (config.isPending) return <Loader aria-label={t("payment.loadingForm")} />;
  const form =
    config.data?.provider === "stripe" && config.data.publishableKey ? (
      <StripePaymentForm {...props} publishableKey={config.data.publishableKey} />
    ) : (
      <TestCardForm {...props} />
    );
  if (!props.charge) return form;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("payment.cardCharged", { amount: formatMoney(props.charge) })}
      </Text>
      {form}
    </Stack>
  );
}
