import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { useI18n } from "../../lib/i18n";
import { PaymentError } from "./PaymentError";
import type { CardPaymentFormProps } from "./types";

/** The id part of a client secret ("pi_..._secret_..."), as Stripe's own client reads it. */
export const paymentIntentIdOf = (clientSecret: string): string => clientSecret.split("_secret_")[0] ?? clientSecret;

/** The built-in test-mode card form: takes Stripe's test numbers (4242 4242 4242 4242 succeeds). */
export function TestCardForm({ clientSecret, onSuccess, submitLabel }: CardPaymentFormProps) {
  const { t } = useI18n();
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
          else setFailure(result.message ?? t("payment.notCompleted"));
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
    <form onSubmit={onSubmit} aria-label={t("payment.cardForm")}>
      <Stack gap="sm">
        <Alert color="ochre" variant="light" title={t("payment.testMode")}>
          <Text size="sm">{t("payment.testCards")}</Text>
        </Alert>
        <TextInput
          label={t("payment.cardNumber")}
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
            label={t("payment.expiry")}
            placeholder={t("payment.expiryPlaceholder")}
            autoComplete="cc-exp"
            required
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
            disabled={confirm.isPending}
          />
          <TextInput
            label={t("payment.cvc")}
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
          {confirm.isPending ? t("payment.processing") : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
