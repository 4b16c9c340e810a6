import { formatMinor, type Currency } from "../../../src/domain/currencies";
import { PAYOUT_DETAILS_HOLD_HOURS } from "../../../src/domain/payout-rails";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";

/*
 * A Seer's payout mails, in their language (`users.locale`, English when not given), from the server catalog's
 * `payoutMail` area.
 */

/** A payout that did not reach the Seer: the money is back on their balance (docs/product.md#payout-rails). */
export function payoutReturnedMail(data: {
  to: string;
  name: string;
  status: "failed" | "reversed";
  reason: string | null;
  amount: number;
  currency: Currency;
  locale?: Locale;
}): MailMessage {
  return writeIn(data.locale ?? DEFAULT_LOCALE, (t) => {
    const amount = formatMinor(data.amount, data.currency);
    return {
      to: data.to,
      subject: t(data.status === "failed" ? "payoutMail.failedSubject" : "payoutMail.reversedSubject"),
      text: [
        t("payoutMail.dear", { name: data.name }),
        "",
        t(data.status === "failed" ? "payoutMail.failed" : "payoutMail.reversed", { amount }),
        t("mail.reason", { reason: data.reason ?? t("payoutMail.noReason") }),
        "",
        t("payoutMail.back"),
      ].join("\n"),
    };
  });
}

/** A moment in UTC: as English mails always wrote it, and "28 novembre 2026 à 10:00 UTC" in French. */
const utcTime = (at: Date, locale: Locale) =>
  locale === DEFAULT_LOCALE
    ? at.toUTCString()
    : `${new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;

/** Payout details changed: if the Seer did not do it, they have the hold's time to act. */
export function payoutDetailsChangedMail(data: {
  to: string;
  name: string;
  label: string;
  usableFrom: Date;
  first: boolean;
  locale?: Locale;
}): MailMessage {
  return writeIn(data.locale ?? DEFAULT_LOCALE, (t) => ({
    to: data.to,
    subject: t("payoutMail.changedSubject"),
    text: [
      t("payoutMail.dear", { name: data.name }),
      "",
      t("payoutMail.nowGo", { label: data.label }),
      data.first
        ? t("payoutMail.fromNow")
        : t("payoutMail.held", {
            from: utcTime(data.usableFrom, data.locale ?? DEFAULT_LOCALE),
            hours: PAYOUT_DETAILS_HOLD_HOURS,
          }),
      "",
      t("payoutMail.notYou"),
    ].join("\n"),
  }));
}
