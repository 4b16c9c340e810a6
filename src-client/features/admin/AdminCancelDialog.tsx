import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useState } from "react";
import { CANCELLATION_REASON_MAX } from "../../../src/domain/after-payment";
import { cents, formatMoney, toCents, toDecimal } from "../../../src/domain/money";
import { adminCancelBookingSchema } from "../../../src/schemas/bookings";
import { useI18n } from "../../lib/i18n";
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
  const { t } = useI18n();
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
        notify(
          {
            title: t("admin.cancel.done"),
            message: t("admin.cancel.doneText", { amount: formatMoney(result.refundAmount) }),
          },
          "success",
        );
        void utils.admin.bookings.invalidate();
        void utils.admin.analytics.invalidate();
        onClose();
      },
      onError: notifyActionError,
    });
  };

  return (
    <Modal opened onClose={onClose} title={t("admin.cancel.title")} centered>
      <Stack gap="md">
        <Text size="sm">
          {t("admin.cancel.summary", {
            date: booking.scheduledDate,
            time: booking.scheduledTime,
            amount: formatMoney(booking.amount),
          })}
        </Text>
        <TextInput
          label={t("admin.cancel.refundAmount")}
          description={t("admin.cancel.atMost", { amount: formatMoney(left) })}
          inputMode="decimal"
          value={refundAmount}
          error={errors.refundAmount}
          onChange={(e) => setRefundAmount(e.currentTarget.value)}
        />
        <Textarea
          label={t("admin.cancel.reason")}
          required
          rows={3}
          maxLength={CANCELLATION_REASON_MAX}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            {t("admin.cancel.keep")}
          </Button>
          <Button color="red" onClick={submit} loading={cancel.isPending}>
            {t("admin.cancel.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
