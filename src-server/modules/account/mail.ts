import type { MailMessage } from "../../platform/mail";

/** The account's e-mails (docs/product.md#accounts): plain text, each with the one link it is about. */
export function verifyEmailMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirm your email address",
    text:
      `Hello ${name},\n\n` +
      `Please confirm that this is your email address by opening this link within 24 hours:\n\n${link}\n\n` +
      "If you did not ask for this, you can ignore this email.\n\nThe Seer team",
  };
}

export function accountExistsMail(to: string, name: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: "Someone tried to create an account with your email",
    text:
      `Hello ${name},\n\n` +
      "Someone, perhaps you, tried to create a new Seer account with this email address. You already have an account, " +
      `so nothing was changed. To sign in, go to ${publicUrl}/login; if you forgot your password, reset it at ` +
      `${publicUrl}/forgot-password.\n\nIf this was not you, you can ignore this email.\n\nThe Seer team`,
  };
}

/** Mailed when the right password came from a new address while the account was under attack. */
export function signInLinkMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Your sign-in link",
    text:
      `Hello ${name},\n\n` +
      "Someone, perhaps you, signed in to your Seer account with the right password from a new device while many " +
      "failed attempts were being made on it, so we held that sign-in back.\n\n" +
      `If it was you, open this link within 30 minutes to sign in:\n\n${link}\n\n` +
      "If it was not you, someone knows your password: reset it now with Forgot your password on the sign-in page.\n\n" +
      "The Seer team",
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Reset your password",
    text:
      `Hello ${name},\n\n` +
      `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
      "The link works once. Choosing a new password signs you out everywhere else.\n" +
      "If you did not ask for this, you can ignore this email: your password stays as it is.\n\nThe Seer team",
  };
}

export function emailChangeNoticeMail(to: string, name: string, newEmail: string): MailMessage {
  return {
    to,
    subject: "Your email address is being changed",
    text:
      `Hello ${name},\n\n` +
      `Someone signed in to your Seer account asked to change its email address to ${newEmail}. The change happens ` +
      "when the link sent to the new address is opened.\n\n" +
      "If this was not you, reset your password now: the link then stops working.\n\nThe Seer team",
  };
}

/** Mailed when the account is signed in to from a device it was never signed in from (not at its very first sign-in). */
export function newDeviceMail(to: string, name: string, when: string, browser: string, securityLink: string): MailMessage {
  return {
    to,
    subject: "New sign-in to your account",
    text:
      `Hello ${name},\n\n` +
      `Your Seer account was signed in to from a new device:\n\nWhen: ${when}\nBrowser: ${browser}\n\n` +
      "If this was you, there is nothing to do.\n\n" +
      `If it was not you, change your password and end your other sessions in your security settings:\n\n${securityLink}\n\n` +
      "The Seer team",
  };
}
