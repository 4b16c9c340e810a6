import type { MailMessage } from "../../platform/mail";

/** The vendor application's e-mails (docs/product.md#vendors): received, and the admin's decision. */
export function vendorApplicationReceivedEmail(to: string, businessName: string): MailMessage {
  return {
    to,
    subject: "We received your vendor application",
    text:
      `Dear ${businessName},\n\n` +
      "Thank you for applying to sell in the Sacred Market. Our team reviews every application and will write to you " +
      "with its decision.\n\nWith gratitude,\nThe Seer team",
  };
}

export function vendorDecisionEmail(
  application: { businessName: string; contactEmail: string },
  decision: "approved" | "rejected",
  commissionPercentage: string,
  reviewNotes: string | null,
  publicUrl: string,
): MailMessage {
  const notes = reviewNotes ? `\n\nNotes from our team:\n${reviewNotes}` : "";
  if (decision === "approved")
    return {
      to: application.contactEmail,
      subject: "Your vendor application has been approved",
      text:
        `Dear ${application.businessName},\n\n` +
        `Your application to sell in the Sacred Market has been approved, with a commission of ${commissionPercentage}% ` +
        `on each sale. Add your products from your vendor dashboard at ${publicUrl}/vendor: each is listed once our ` +
        `team has approved it.${notes}\n\nWith gratitude,\nThe Seer team`,
    };
  return {
    to: application.contactEmail,
    subject: "Your vendor application",
    text:
      `Dear ${application.businessName},\n\n` +
      `Thank you for applying to sell in the Sacred Market. After careful review we are unable to approve your application at this time.${notes}\n\n` +
      `You are welcome to apply again at ${publicUrl}/become-vendor.\n\nWith respect,\nThe Seer team`,
  };
}

/** The shopper's mail when a vendor ships their part of an order (docs/product.md#vendors). */
export function vendorPartShippedEmail(
  order: { shippingEmail: string; shippingName: string; orderNumber: string },
  part: { businessName: string; lines: string[]; link: string | null },
  publicUrl: string,
): MailMessage {
  return {
    to: order.shippingEmail,
    subject: `Part of your Sacred Market order ${order.orderNumber} has shipped`,
    text: [
      `Good news, ${order.shippingName}: ${part.businessName} has sent their part of your order ${order.orderNumber}:`,
      ...part.lines.map((line) => `- ${line}`),
      "",
      ...(part.link ? [`Follow this parcel: ${part.link}`] : []),
      `Your order: ${publicUrl}/profile`,
    ].join("\n"),
  };
}

/** The shopper's mail when an admin marks a vendor's part of their order delivered (docs/product.md#vendors). */
export function vendorPartDeliveredEmail(
  order: { shippingEmail: string; shippingName: string; orderNumber: string },
  businessName: string,
  publicUrl: string,
): MailMessage {
  return {
    to: order.shippingEmail,
    subject: `Part of your Sacred Market order ${order.orderNumber} was delivered`,
    text: [
      `${businessName}'s part of your order ${order.orderNumber} was delivered, ${order.shippingName}. We hope it serves you well.`,
      "",
      "Something not right? You can ask for a return of these items within 7 days of delivery, from the order in your profile.",
      `${publicUrl}/profile`,
    ].join("\n"),
  };
}
