import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn, type ServerTranslate } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";
import { pageLink } from "../../platform/mail-links";

/**
 * The account's e-mails (docs/product.md#accounts): plain text, each with the one link it is about, in its recipient's
 * language (`users.locale`; English when not given), from the server catalog's `accountMail` area.
 */

/** A mail's paragraphs, greeted and signed. */
const letter = (t: ServerTranslate, name: string, paragraphs: string[]) =>
  [t("mail.hello", { name }), ...paragraphs, t("mail.signature")].join("\n\n");

export function verifyEmailMail(to: string, name: string, link: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("accountMail.verify.subject"),
    text: letter(t, name, [t("accountMail.verify.body"), link, t("accountMail.ignore")]),
  }));
}

export function accountExistsMail(to: string, name: string, publicUrl: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("accountMail.exists.subject"),
    text: letter(t, name, [
      t("accountMail.exists.body", {
        login: pageLink(publicUrl, "/login", locale),
        forgot: pageLink(publicUrl, "/forgot-password", locale),
      }),
      t("accountMail.notYou"),
    ]),
  }));
}

/** Mailed when the right password came from a new address while the account was under attack. */
export function signInLinkMail(to: string, name: string, link: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("accountMail.signInLink.subject"),
    text: letter(t, name, [
      t("accountMail.signInLink.body"),
      t("accountMail.signInLink.open"),
      link,
      t("accountMail.signInLink.notYou"),
    ]),
  }));
}

export function passwordResetMail(to: string, name: string, link: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("accountMail.reset.subject"),
    text: letter(t, name, [
      t("accountMail.reset.body"),
      link,
      `${t("accountMail.reset.once")}\n${t("accountMail.reset.ignore")}`,
    ]),
  }));
}

export function emailChangeNoticeMail(to: string, name: string, newEmail: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("accountMail.emailChange.subject"),
    text: letter(t, name, [t("accountMail.emailChange.body", { email: newEmail }), t("accountMail.emailChange.notYou")]),
  }));
}

/** Mailed when the account is signed in to from a device it was never signed in from (not at its very first sign-in). */
export function newDeviceMail(
  to: string,
  name: string,
  when: string,
  browser: string,
  securityLink: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("accountMail.newDevice.subject"),
    text: letter(t, name, [
      t("accountMail.newDevice.body"),
      `${t("mail.when", { when })}\n${t("accountMail.newDevice.browser", { browser })}`,
      t("accountMail.newDevice.wasYou"),
      t("accountMail.newDevice.notYou"),
      securityLink,
    ]),
  }));
}
