import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";
import { pageLink } from "../../platform/mail-links";

/**
 * A contact message as it reaches an admin, in that admin's language (`users.locale`; English when not given): a
 * reply goes to the sender. What the sender wrote stays as written.
 */
export function contactMessageMail(
  admin: string,
  message: { name: string; email: string; subject: string; message: string },
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => ({
    to: admin,
    replyTo: message.email,
    subject: t("adminMail.contact.subject", { subject: message.subject }),
    text:
      `${t("adminMail.contact.wrote", { name: message.name, email: message.email })}\n\n${message.message}\n\n` +
      t("adminMail.contact.reply", { url: pageLink(publicUrl, "/admin?tab=inbox", locale) }),
  }));
}
