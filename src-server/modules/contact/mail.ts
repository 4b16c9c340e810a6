import type { MailMessage } from "../../platform/mail";

/** A contact message as it reaches an admin: a reply goes to the sender. */
export function contactMessageMail(
  admin: string,
  message: { name: string; email: string; subject: string; message: string },
  publicUrl: string,
): MailMessage {
  return {
    to: admin,
    replyTo: message.email,
    subject: `Contact form: ${message.subject}`,
    text:
      `${message.name} <${message.email}> wrote through the contact form:\n\n${message.message}\n\n` +
      `Reply to this e-mail to answer them, then mark the message replied in the admin inbox: ${publicUrl}/admin?tab=inbox`,
  };
}
