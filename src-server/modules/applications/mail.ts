import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";
import { pageLink } from "../../platform/mail-links";

interface Applicant {
  fullName: string;
  contactEmail: string;
}

/**
 * The decision e-mail to an applicant (ARCHITECTURE: mail templates for the application decision), in their language
 * (`users.locale`; English when not given).
 */
export function applicationDecisionEmail(
  applicant: Applicant,
  decision: "approved" | "rejected",
  reviewNotes: string | null,
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const notes = reviewNotes ? `\n\n${t("applicationMail.notes")}\n${reviewNotes}` : "";
    const dear = t("applicationMail.dear", { name: applicant.fullName });
    const team = t("mail.signature");
    if (decision === "approved") {
      return {
        to: applicant.contactEmail,
        subject: t("applicationMail.approvedSubject"),
        text: `${dear}\n\n${t("applicationMail.approved", { url: pageLink(publicUrl, "/seer/dashboard", locale) })}${notes}\n\n${t("applicationMail.approvedClosing")}\n${team}`,
      };
    }
    return {
      to: applicant.contactEmail,
      subject: t("applicationMail.rejectedSubject"),
      text:
        `${dear}\n\n${t("applicationMail.rejected")}${notes}\n\n` +
        `${t("applicationMail.applyAgain", { url: pageLink(publicUrl, "/become-seer", locale) })}\n\n${t("applicationMail.rejectedClosing")}\n${team}`,
    };
  });
}
