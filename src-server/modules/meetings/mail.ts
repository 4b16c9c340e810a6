import type { MailMessage } from "../../platform/mail";

/** A message has waited unread for 10 minutes (at most one such mail an hour per conversation). */
export function unreadMessageMail(to: string, data: { senderName: string; url: string }): MailMessage {
  return {
    to,
    subject: `New message from ${data.senderName}`,
    text: [
      `${data.senderName} sent you a message about your session on Seer Marketplace.`,
      "",
      `Read it and reply: ${data.url}`,
      "",
      "You get at most one of these e-mails an hour for each conversation.",
    ].join("\n"),
  };
}
