import { formatMinor, type Currency } from "../../../src/domain/currencies";
import { PAYOUT_DETAILS_HOLD_HOURS } from "../../../src/domain/payout-rails";
import type { MailMessage } from "../../platform/mail";

/** A payout that did not reach the Seer: the money is back on their balance (docs/product.md#payout-rails). */
export function payoutReturnedMail(data: {
  to: string;
  name: string;
  status: "failed" | "reversed";
  reason: string | null;
  amount: number;
  currency: Currency;
}): MailMessage {
  const what = data.status === "failed" ? "could not be paid" : "was sent back by your bank or network";
  return {
    to: data.to,
    subject: data.status === "failed" ? "Your payout failed" : "Your payout was reversed",
    text: [
      `Dear ${data.name},`,
      "",
      `Your payout of ${formatMinor(data.amount, data.currency)} ${what}.`,
      `Reason: ${data.reason ?? "The provider gave no reason."}`,
      "",
      "The money is back on your balance. Check your payout details on the Earnings tab of your dashboard; once they are right, it is paid again.",
    ].join("\n"),
  };
}

/** Payout details changed: if the Seer did not do it, they have the hold's time to act. */
export function payoutDetailsChangedMail(data: { to: string; name: string; label: string; usableFrom: Date; first: boolean }): MailMessage {
  return {
    to: data.to,
    subject: "Your payout details were changed",
    text: [
      `Dear ${data.name},`,
      "",
      `Your payouts now go to ${data.label}.`,
      data.first
        ? "Payouts can go there from now on."
        : `For your safety, payouts go there only from ${data.usableFrom.toUTCString()} (${PAYOUT_DETAILS_HOLD_HOURS} hours after the change).`,
      "",
      "If you did not make this change, change your password at once and write to us through the contact page.",
    ].join("\n"),
  };
}
