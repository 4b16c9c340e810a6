import { Stack, Text } from "@mantine/core";
import { formatMoney, toCents } from "../../../src/domain/money";
import { formatDate } from "../../lib/format";
import type { Consultation } from "./types";

function cancelledByText(c: Consultation): string {
  const on = c.cancelledAt ? ` on ${formatDate(c.cancelledAt, "short")}` : "";
  if (c.cancelledBy === "client") return `Cancelled by you${on}`;
  if (c.cancelledBy === "seer") return `Cancelled by ${c.seerName}${on}`;
  return `Cancelled by our support team${on}`;
}

/** Why the money came back: who cancelled, or the Seer's absence (docs/product.md#report-a-problem). */
function refundedBecause(c: Consultation): string {
  if (c.status === "seer_no_show") return `${c.seerName} did not join this session, so by our Terms you are refunded in full.`;
  return cancelledByText(c);
}

/** A cancelled consultation or a Seer's no-show: what was or will be refunded, and why. */
export function RefundLine({ consultation: c }: { consultation: Consultation }) {
  const refunded = toCents(c.refundedAmount);
  const due = toCents(c.refundDue);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} data-testid="refund">
        {due > refunded
          ? `Refund of ${formatMoney(c.refundDue)} on its way`
          : refunded > 0
            ? `Refunded ${formatMoney(c.refundedAmount)}`
            : "No refund"}
      </Text>
      <Text size="xs" c="dimmed">
        {refundedBecause(c)}
      </Text>
    </Stack>
  );
}
