import { Button, Stack } from "@mantine/core";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
// The pure entry loads Stripe.js only when a Stripe form is shown, not as a side effect of importing it.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useState, type FormEvent } from "react";
import { localePath } from "../../../src/i18n/locales";
import { useI18n } from "../../lib/i18n";
import { PaymentError } from "./PaymentError";
import type { CardPaymentFormProps } from "./types";

const stripePromises = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per publishable key, and only when a card form is shown. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

function PaymentElementForm({ returnPath, onSuccess, submitLabel }: Omit<CardPaymentFormProps, "clientSecret">) {
  const { t, locale } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    setFailure(null);
    const result = await stripe.confirmPayment({
      elements,
      // Back at the page's language's address (a French client's /fr/booking-success).
      confirmParams: { return_url: `${window.location.origin}${localePath(locale, returnPath)}` },
      redirect: "if_required",
    });
    setProcessing(false);
    if (result.error) {
      setFailure(result.error.message ?? t("payment.notCompleted"));
      return;
    }
    if (result.paymentIntent.status === "succeeded" || result.paymentIntent.status === "processing")
      onSuccess(result.paymentIntent.id);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={t("payment.cardForm")}>
      <Stack gap="md">
        <PaymentElement />
        <PaymentError message={failure} />
        <Button type="submit" size="md" disabled={!stripe || !elements || processing}>
          {processing ? t("payment.processing") : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Stripe's Payment Element, used when Stripe keys are configured on the server. */
export function StripePaymentForm({ publishableKey, ...props }: CardPaymentFormProps & { publishableKey: string }) {
  // Stripe's own texts in the page's language too.
  const { locale } = useI18n();
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: props.clientSecret, appearance: { theme: "stripe" }, locale }}
    >
      <PaymentElementForm returnPath={props.returnPath} onSuccess={props.onSuccess} submitLabel={props.submitLabel} />
    </Elements>
  );
}
