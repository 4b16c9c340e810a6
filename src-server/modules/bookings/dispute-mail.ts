import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";
import { linkIn } from "../../platform/mail-links";
import { seerWhen, sides, type Audience, type BookingMailData } from "./mail";

/** A reported problem's mails (issue #43), in their recipient's language like the booking's others (mail.ts). */

/** To the Seer: a client reported a problem with their session (issue #43); they may answer once. */
export function disputeReportedMail(
  to: string,
  data: BookingMailData,
  reason: string,
  text: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    return {
      to,
      subject: t("bookingMail.disputeReported.subject", { minutes, client: data.clientName }),
      text: [
        t("mail.hello", { name: data.seerName }),
        "",
        t("bookingMail.disputeReported.body", {
          client: data.clientName,
          minutes,
          when: seerWhen(data, data.startsAt, t),
          reason,
        }),
        "",
        text,
        "",
        t("bookingMail.disputeReported.held"),
        linkIn(data.profileUrl.replace(/\/profile$/, "/seer/dashboard"), locale),
        "",
        t("mail.booking", { id: data.bookingId }),
      ].join("\n"),
    };
  });
}

/** To either side: what the team decided about a reported problem, and why. */
export function disputeDecidedMail(
  to: string,
  data: BookingMailData,
  audience: Audience,
  outcome: { refund: string; released: boolean; reason: string },
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const minutes = SESSION_MINUTES[data.sessionType];
    const side = sides(data, audience, t);
    const amount = formatMoney(outcome.refund);
    const decision = outcome.released
      ? audience === "client"
        ? t("bookingMail.disputeDecided.clientReleased")
        : t("bookingMail.disputeDecided.seerReleased")
      : audience === "client"
        ? t("bookingMail.disputeDecided.clientRefunded", { amount })
        : t("bookingMail.disputeDecided.seerRefunded", { amount });
    return {
      to,
      subject: t("bookingMail.disputeDecided.subject", { minutes, other: side.other }),
      text: [
        t("mail.hello", { name: side.name }),
        "",
        decision,
        "",
        t("mail.reason", { reason: outcome.reason }),
        "",
        t("mail.booking", { id: data.bookingId }),
      ].join("\n"),
    };
  });
}
