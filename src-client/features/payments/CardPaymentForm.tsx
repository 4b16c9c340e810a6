import { Loader } from "@mantine/core";
import { trpc } from "../../trpc";
import { StripePaymentForm } from "./StripePaymentForm";
import { TestCardForm } from "./TestCardForm";
import type { CardPaymentFormProps } from "./types";

/** The card form for a payment intent: Stripe's Payment Element when configured, else the test-mode form. */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const config = trpc.payments.config.useQuery();
  if (config.isPending) return <Loader aria-label="Loading payment form" />;
  if (config.data?.provider === "stripe" && config.data.publishableKey) {
    return <StripePaymentForm {...props} publishableKey={config.data.publishableKey} />;
  }
  return <TestCardForm {...props} />;
}
