import { Loader, Stack, Text } from "@mantine/core";
import { formatMoney } from "../../../src/domain/money";
import { trpc } from "../../trpc";
import { StripePaymentForm } from "./StripePaymentForm";
import { TestCardForm } from "./TestCardForm";
import type { CardPaymentFormProps } from "./types";

/** The card form for a payment intent: Stripe's Payment Element when configured, else the test-mode form. */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const config = trpc.payments.config.useQuery();
  if (config.isPending) return <Loader aria-label="Loading payment form" />;
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
        {`Your card will be charged ${formatMoney(props.charge)} in US dollars (USD).`}
      </Text>
      {form}
    </Stack>
  );
}
