import { Stack, Text } from "@mantine/core";
import { formatMoney, toCents } from "../../../src/domain/money";
import { formatDate } from "../../lib/format";
import { useI18n, type Translate } from "../../lib/i18n";
import type { Consultation } from "./types";

function cancelledByText(c: Consultation, t: Translate): string {
  const values = { name: c.seerName, date: c.cancelledAt ? formatDate(c.cancelledAt, "short") : "" };
  if (c.cancelledBy === "client") return t(c.cancelledAt ? "sessions.cancelledByYouOn" : "sessions.cancelledByYou", values);
  if (c.cancelledBy === "seer") return t(c.cancelledAt ? "sessions.cancelledBySeerOn" : "sessions.cancelledBySeer", values);
  return t(c.cancelledAt ? "sessions.cancelledBySupportOn" : "sessions.cancelledBySupport", values);
}

/** Why the money came back: who cancelled, or the Seer's absence (docs/product.md#report-a-problem). */
function refundedBecause(c: Consultation, t: Translate): string {
  if (c.status === "seer_no_show") return t("sessions.seerAbsentRefund", { name: c.seerName });
  return cancelledByText(c, t);
}

/** A cancelled consultation or a Seer's no-show: what was or will be refunded, and why. */
export function RefundLine({ consultation: c }: { consultation: Consultation }) {
  const { t } = useI18n();
  const refunded = toCents(c.refundedAmount);
  const due = toCents(c.refundDue);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} data-testid="refund">
        {due > refunded
          ? t("sessions.refundDue", { amount: formatMoney(c.refundDue) })
          : refunded > 0
            ? t("sessions.refunded", { amount: formatMoney(c.refundedAmount) })
            : t("sessions.noRefund")}
      </Text>
      <Text size="xs" c="dimmed">
        {refundedBecause(c, t)}
      </Text>
    </Stack>
  );
}
