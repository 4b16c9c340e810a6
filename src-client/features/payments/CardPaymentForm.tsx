import { Loader } from "@mantine/core";
import { trpc } from "../../trpc";
import { StripePaymentForm } from "./StripePaymentForm";
import { TestCardForm } from "./TestCardForm";

export interface CardPaymentFormProps {
  clientSecret: string;
  /** Where the provider returns after a redirect (SPEC §7: /booking-success or /order-success). */
  returnPath: string;
  /** Called with the payment intent id once the payment succeeded without a redirect. */
  onSuccess: (paymentIntentId: string) => void;
  submitLabel: string;
}

/** The card form for a payment intent: Stripe's Payment Element when configured, else the test-mode form. */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const config = trpc.payments.config.useQuery();
  if (config.isPending) return <Loader aria-label="Loading payment form" />;
  if (config.data?.provider === "stripe" && config.data.publishableKey) {
    return <StripePaymentForm {...props} publishableKey={config.data.publishableKey} />;
  }
  return <TestCardForm {...props} />;
}
