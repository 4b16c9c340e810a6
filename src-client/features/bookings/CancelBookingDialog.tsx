import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { CANCELLATION_REASON_MAX } from "../../../src/domain/after-payment";
import { formatMinor } from "../../../src/domain/currencies";
import { formatMoney } from "../../../src/domain/money";
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
                  title: "Booking Cancelled",
                  message: `${refunded} will be refunded ${quote.data?.charge ? "the way you paid" : "to your card"}.`,
                }
              : { title: "Session Cancelled", message: `The client will be refunded ${refunded}.` },
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
      title={audience === "client" ? "Cancel this consultation?" : "Cancel this session?"}
      centered
    >
      <Stack gap="md">
        {quote.isPending && <Loader size="sm" aria-label="Working out the refund" />}
        {quote.isError && (
          <Alert color="red" role="alert">
            {quote.error.message}
          </Alert>
        )}
        {q && (
          <>
            <Text fw={700} data-testid="refund-amount">
              {audience === "client"
                ? `You will be refunded ${asPaid(q.refundAmount, q.charge?.refund)} of the ${asPaid(q.amount, q.charge?.amount)} you paid.`
                : `The client will be refunded in full: ${asPaid(q.refundAmount, q.charge?.refund)}.`}
            </Text>
            <Text size="sm" c="dimmed">
              {audience === "client"
                ? "By our Terms: more than 24 hours before the start, a full refund; within 24 hours, 50%."
                : "When a Seer cancels, the client always gets everything back, and the time becomes free again."}
            </Text>
            <Textarea
              label="Reason (optional)"
              maxLength={CANCELLATION_REASON_MAX}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep Booking
          </Button>
          <Button color="red" onClick={submit} disabled={!q} loading={cancel.isPending}>
            {audience === "client" ? "Cancel Booking" : "Cancel Session"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
