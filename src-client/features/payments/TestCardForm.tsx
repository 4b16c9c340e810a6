import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { PAYMENT_NOT_COMPLETED, PaymentError } from "./PaymentError";
import type { CardPaymentFormProps } from "./types";

/** The id part of a client secret ("pi_..._secret_..."), as Stripe's own client reads it. */
export const paymentIntentIdOf = (clientSecret: string): string => clientSecret.split("_secret_")[0] ?? clientSecret;

/** The built-in test-mode card form: takes Stripe's test numbers (4242 4242 4242 4242 succeeds). */
export function TestCardForm({ clientSecret, onSuccess, submitLabel }: CardPaymentFormProps) {
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const confirm = trpc.payments.confirmTestCard.useMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    confirm.mutate(
      { clientSecret, cardNumber, expiry, cvc },
      {
        onSuccess: (result) => {
          if (result.status === "succeeded") onSuccess(paymentIntentIdOf(clientSecret));
          else setFailure(result.message ?? PAYMENT_NOT_COMPLETED);
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) {
            notify(messages.unauthorized, "destructive");
            redirectToLogin();
            return;
          }
          const fieldMessage = error.data?.zodError
            ? Object.values(error.data.zodError.fieldErrors as Record<string, string[] | undefined>).flat()[0]
            : undefined;
          setFailure(fieldMessage ?? error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label="Card payment">
      <Stack gap="sm">
        <Alert color="ochre" variant="light" title="Test mode">
          <Text size="sm">
            No real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 for a declined card, or 4000 0000 0000
            9995 for insufficient funds, with any future expiry date and any CVC.
          </Text>
        </Alert>
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          value={cardNumber}
          onChange={(e) => setCardNumber(e.currentTarget.value)}
          disabled={confirm.isPending}
        />
        <Group grow>
          <TextInput
            label="Expiry (MM/YY)"
            placeholder="MM/YY"
            autoComplete="cc-exp"
            required
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
            disabled={confirm.isPending}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            value={cvc}
            onChange={(e) => setCvc(e.currentTarget.value)}
            disabled={confirm.isPending}
          />
        </Group>
        <PaymentError message={failure} />
        <Button type="submit" size="md" disabled={confirm.isPending}>
          {confirm.isPending ? "Processing..." : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
