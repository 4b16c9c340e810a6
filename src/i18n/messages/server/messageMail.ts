/** A message waiting unread (src-server/modules/meetings/mail.ts, unread-mail.ts): its mail and its notification. */
const en = {
  "messageMail.subject": "New message from {sender}",
  "messageMail.body": "{sender} sent you a message about your session on Seer Marketplace.",
  "messageMail.link": "Read it and reply: {url}",
  "messageMail.often": "You get at most one of these e-mails an hour for each conversation.",
  "messageMail.yourClient": "Your client",
  "messageMail.pushBody": "{sender} sent you a message about your session.",
} as const;

const fr: Record<keyof typeof en, string> = {
  "messageMail.subject": "Nouveau message de {sender}",
  "messageMail.body": "{sender} vous a envoyé un message au sujet de votre séance sur Seer Marketplace.",
  "messageMail.link": "Lisez-le et répondez\u00a0: {url}",
  "messageMail.often": "Vous recevez au plus un de ces e-mails par heure pour chaque conversation.",
  "messageMail.yourClient": "Votre client",
  "messageMail.pushBody": "{sender} vous a envoyé un message au sujet de votre séance.",
};

export const messageMail = { en, fr };
