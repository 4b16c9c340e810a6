import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useI18n } from "../../lib/i18n";

/**
 * A refused payment, said next to the card form and given the focus (docs/product.md#checkout): the reason stays on
 * screen until the next attempt, instead of a toast that disappears.
 */
export function PaymentError({ message }: { message: string | null }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={ref} tabIndex={-1} role="alert" color="red" variant="light" title={t("payment.failed")} icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
