import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";
import { pageLink } from "../../platform/mail-links";

/*
 * The vendors' mails (docs/product.md#vendors): the application's, in the applicant's language, and a part of an
 * order shipped or delivered, in the shopper's (`users.locale`, read with the row each is about). English when not
 * given; texts from the server catalog's `vendorMail` and `shopMail`.
 */

export function vendorApplicationReceivedEmail(to: string, businessName: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to,
    subject: t("vendorMail.receivedSubject"),
    text: `${t("vendorMail.dear", { name: businessName })}\n\n${t("vendorMail.received")}\n\n${t("vendorMail.gratitude")}\n${t("mail.signature")}`,
  }));
}

export function vendorDecisionEmail(
  application: { businessName: string; contactEmail: string },
  decision: "approved" | "rejected",
  commissionPercentage: string,
  reviewNotes: string | null,
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const notes = reviewNotes ? `\n\n${t("vendorMail.notes")}\n${reviewNotes}` : "";
    const dear = t("vendorMail.dear", { name: application.businessName });
    const team = t("mail.signature");
    if (decision === "approved")
      return {
        to: application.contactEmail,
        subject: t("vendorMail.approvedSubject"),
        text:
          `${dear}\n\n` +
          t("vendorMail.approved", { commission: commissionPercentage, url: pageLink(publicUrl, "/vendor", locale) }) +
          `${notes}\n\n${t("vendorMail.gratitude")}\n${team}`,
      };
    return {
      to: application.contactEmail,
      subject: t("vendorMail.rejectedSubject"),
      text:
        `${dear}\n\n${t("vendorMail.rejected")}${notes}\n\n` +
        `${t("vendorMail.applyAgain", { url: pageLink(publicUrl, "/become-vendor", locale) })}\n\n${t("vendorMail.respect")}\n${team}`,
    };
  });
}

/** The shopper's mail when a vendor ships their part of an order (docs/product.md#vendors). */
export function vendorPartShippedEmail(
  order: { shippingEmail: string; shippingName: string; orderNumber: string },
  part: { businessName: string; lines: string[]; link: string | null },
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => ({
    to: order.shippingEmail,
    subject: t("shopMail.part.shippedSubject", { number: order.orderNumber }),
    text: [
      t("shopMail.part.shippedBody", { name: order.shippingName, vendor: part.businessName, number: order.orderNumber }),
      ...part.lines.map((line) => `- ${line}`),
      "",
      ...(part.link ? [t("shopMail.part.follow", { url: part.link })] : []),
      t("shopMail.yourOrder", { url: pageLink(publicUrl, "/profile", locale) }),
    ].join("\n"),
  }));
}

/** The shopper's mail when an admin marks a vendor's part of their order delivered (docs/product.md#vendors). */
export function vendorPartDeliveredEmail(
  order: { shippingEmail: string; shippingName: string; orderNumber: string },
  businessName: string,
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => ({
    to: order.shippingEmail,
    subject: t("shopMail.part.deliveredSubject", { number: order.orderNumber }),
    text: [
      t("shopMail.part.deliveredBody", { vendor: businessName, number: order.orderNumber, name: order.shippingName }),
      "",
      t("shopMail.part.returns"),
      pageLink(publicUrl, "/profile", locale),
    ].join("\n"),
  }));
}
