import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useState } from "react";
import { CANCELLATION_REASON_MAX } from "../../../src/domain/after-payment";
import { cents, formatMoney, toCents, toDecimal } from "../../../src/domain/money";
import { adminCancelBookingSchema } from "../../../src/schemas/bookings";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { notifyActionError } from "../../lib/actionError";

interface CancellableBooking {
  id: string;
  amount: string;
  refundedAmount: string;
  scheduledDate: string;
  scheduledTime: string;
}

/** An admin cancels any confirmed booking with a refund they choose (prefilled: all that is left) and a reason. */
export function AdminCancelDialog({ booking, onClose }: { booking: CancellableBooking; onClose: () => void }) {
  const utils = trpc.useUtils();
  const left = toDecimal(cents(Math.max(0, toCents(booking.amount) - toCents(booking.refundedAmount))));
  const [refundAmount, setRefundAmount] = useState(left);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ refundAmount?: string; reason?: string }>({});
  const cancel = trpc.bookings.adminCancel.useMutation();

  const submit = () => {
    const parsed = adminCancelBookingSchema.safeParse({ bookingId: booking.id, refundAmount, reason });
    if (!parsed.success) {
      const found: { refundAmount?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "refundAmount" || field === "reason") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    cancel.mutate(parsed.data, {
      onSuccess: (result) => {
        notify({ title: "Booking Cancelled", message: `Refunded ${formatMoney(result.refundAmount)}.` }, "success");
        void utils.admin.bookings.invalidate();
        void utils.admin.analytics.invalidate();
        onClose();
      },
      onError: notifyActionError,
    });
  };

  return (
    <Modal opened onClose={onClose} title="Cancel Booking" centered>
      <Stack gap="md">
        <Text size="sm">
          {booking.scheduledDate} at {booking.scheduledTime}, paid {formatMoney(booking.amount)}. Both parties are e-mailed the
          cancellation.
        </Text>
        <TextInput
          label="Refund amount (USD)"
          description={`At most ${formatMoney(left)}.`}
          inputMode="decimal"
          value={refundAmount}
          error={errors.refundAmount}
          onChange={(e) => setRefundAmount(e.currentTarget.value)}
        />
        <Textarea
          label="Reason"
          required
          rows={3}
          maxLength={CANCELLATION_REASON_MAX}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep Booking
          </Button>
          <Button color="red" onClick={submit} loading={cancel.isPending}>
            Cancel Booking
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
