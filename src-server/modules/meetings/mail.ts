import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";

/**
 * A message has waited unread for 10 minutes (at most one such mail an hour per conversation), in its reader's
 * language (`users.locale`).
 */
export function unreadMessageMail(
  to: string,
  data: { senderName: string; url: string },
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("messageMail.subject", { sender: data.senderName }),
    text: [
      t("messageMail.body", { sender: data.senderName }),
      "",
      t("messageMail.link", { url: data.url }),
      "",
      t("messageMail.often"),
    ].join("\n"),
  }));
}
