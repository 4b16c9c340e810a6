import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { LocalCardReturnPath } from "../../../src/schemas/bookings";
import { notifyActionError } from "../../lib/actionError";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/**
 * docs/product.md#mobile-money: a local card is paid on the gateway's hosted checkout (Paystack, Flutterwave; the test
 * mode's stand-in page): the server opens it for the started payment and the browser goes there. It comes back to the
 * booking's or order's success page, which confirms the payment from the server's own record.
 */
export function LocalCardButton({
  clientSecret,
  returnPath,
  go = (url) => window.location.assign(url),
}: {
  clientSecret: string;
  returnPath: LocalCardReturnPath;
  /** Leaves for the checkout page (replaced in tests). */
  go?: (url: string) => void;
}) {
  const { t } = useI18n();
  const start = trpc.payments.startLocalCard.useMutation();
  const [leaving, setLeaving] = useState(false);
  const onClick = () => {
    start.mutate(
      { clientSecret, returnPath },
      {
        onSuccess: ({ url }) => {
          setLeaving(true);
          go(url);
        },
        onError: notifyActionError,
      },
    );
  };
  return (
    <Stack gap={4}>
      <Button variant="light" size="md" onClick={onClick} loading={start.isPending || leaving}>
        {t("payment.localCard")}
      </Button>
      <Text size="xs" c="dimmed">
        {t("payment.localCardNote")}
      </Text>
    </Stack>
  );
}
