import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { CANCELLATION_REASON_MAX } from "../../../src/domain/after-payment";
import { formatMinor } from "../../../src/domain/currencies";
import { formatMoney } from "../../../src/domain/money";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { notifyActionError } from "../../lib/actionError";

/**
 * The cancel dialog of docs/product.md#cancellation-rescheduling-and-reviews: it shows exactly what the server's
 * quote says will be refunded, and cancels with the quote's sequence, so a booking changed meanwhile is refused
 * rather than cancelled on terms nobody saw.
 */
export function CancelBookingDialog({
  bookingId,
  opened,
  onClose,
  audience,
}: {
  bookingId: string;
  opened: boolean;
  onClose: () => void;
  audience: "client" | "seer";
}) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const [reason, setReason] = useState("");
  const quote = trpc.bookings.cancellationQuote.useQuery({ bookingId }, { enabled: opened, staleTime: 0, gcTime: 0 });
  const cancel = trpc.bookings.cancel.useMutation();
  /** An amount as the client paid it: in the charge's own money when it was not US dollars (issue #41). */
  const asPaid = (usd: string, local: number | undefined) => {
    const charge = quote.data?.charge;
    return charge && local !== undefined ? formatMinor(local, charge.currency) : formatMoney(usd);
  };

  const submit = () => {
    if (!quote.data) return;
    cancel.mutate(
      { bookingId, reason, sequence: quote.data.sequence },
      {
        onSuccess: (result) => {
          // A booking charged in the client's own money is refunded in it (issue #41), as the quote said.
          const refunded = asPaid(result.refundAmount, quote.data?.charge?.refund);
          notify(
            audience === "client"
              ? {
                  title: t("sessions.cancel.clientDone"),
                  message: t(quote.data?.charge ? "sessions.cancel.clientDoneAsPaid" : "sessions.cancel.clientDoneToCard", {
                    amount: refunded,
                  }),
                }
              : { title: t("sessions.cancel.seerDone"), message: t("sessions.cancel.seerDoneText", { amount: refunded }) },
            "success",
          );
          // Every list and figure a booking's change alters is under bookings.
          void utils.bookings.invalidate();
          setReason("");
          onClose();
        },
        onError: (error) => {
          notifyActionError(error);
          void quote.refetch();
        },
      },
    );
  };

  const q = quote.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={audience === "client" ? t("sessions.cancel.clientTitle") : t("sessions.cancel.seerTitle")}
      centered
    >
      <Stack gap="md">
        {quote.isPending && <Loader size="sm" aria-label={t("sessions.cancel.quoting")} />}
        {quote.isError && (
          <Alert color="red" role="alert">
            {quote.error.message}
          </Alert>
        )}
        {q && (
          <>
            <Text fw={700} data-testid="refund-amount">
              {audience === "client"
                ? t("sessions.cancel.clientRefund", {
                    refund: asPaid(q.refundAmount, q.charge?.refund),
                    paid: asPaid(q.amount, q.charge?.amount),
                  })
                : t("sessions.cancel.seerRefund", { refund: asPaid(q.refundAmount, q.charge?.refund) })}
            </Text>
            <Text size="sm" c="dimmed">
              {audience === "client"
                ? t("sessions.cancel.clientTerms")
                : t("sessions.cancel.seerTerms")}
            </Text>
            <Textarea
              label={t("sessions.cancel.reason")}
              maxLength={CANCELLATION_REASON_MAX}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            {t("sessions.cancel.keep")}
          </Button>
          <Button color="red" onClick={submit} disabled={!q} loading={cancel.isPending}>
            {audience === "client" ? t("sessions.cancelBooking") : t("sessions.cancel.seerSubmit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
