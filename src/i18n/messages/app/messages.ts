/**
 * A booking's conversation (docs/product.md#messages): the inbox (src-client/features/messages/Inbox.tsx), the session
 * cards' and the dashboard's buttons into it (MessagesButton.tsx) and the thread with its form (Thread.tsx).
 */
const en = {
  "messages.title": "Messages",
  "messages.withUnread": "Messages, {count} unread",
  "messages.unread": "{count} unread",
  "messages.loading": "Loading messages",
  "messages.noConversations": "No conversations yet. A conversation opens when a session is booked and paid for.",
  "messages.session": "Session on {date} at {time}",
  "messages.sessionInZone": "Session on {date} at {time} ({zone})",
  "messages.notFound": "Conversation Not Found",
  "messages.noAccess": "This conversation doesn't exist or you don't have access to it.",
  "messages.all": "All messages",
  "messages.with": "Messages with {name}",
  "messages.none": "No messages yet.",
  "messages.adminOnly": "Admins can read this conversation; only the client and the Seer write in it.",
  "messages.closed":
    "This conversation is closed: messages can be sent until {days, plural, one {# day} other {# days}} after the session.",
  "messages.notYet": "Messages open once the booking is confirmed.",
  "messages.you": "You",
  "messages.sentByYou": "Sent by you",
  "messages.sentBy": "Sent by {name}",
  "messages.report": "Report",
  "messages.reported": "Reported",
  "messages.reportedTitle": "Message Reported",
  "messages.reportedText": "Our team can now read this conversation.",
  "messages.empty": "A message cannot be empty.",
  "messages.notSent": "The message was not sent. Please try again.",
  "messages.write": "Write a message",
  "messages.message": "Message",
  "messages.addImage": "Add an image",
  "messages.addImageLabel": "Add an image (JPEG or PNG, up to 5 MB)",
  "messages.send": "Send",
} as const;

const fr: Record<keyof typeof en, string> = {
  "messages.title": "Messages",
  "messages.withUnread": "Messages, {count, plural, one {# non lu} other {# non lus}}",
  "messages.unread": "{count, plural, one {# non lu} other {# non lus}}",
  "messages.loading": "Chargement des messages",
  "messages.noConversations":
    "Aucune conversation pour l’instant. Une conversation s’ouvre dès qu’une séance est réservée et payée.",
  "messages.session": "Séance du {date} à {time}",
  "messages.sessionInZone": "Séance du {date} à {time} ({zone})",
  "messages.notFound": "Conversation introuvable",
  "messages.noAccess": "Cette conversation n’existe pas ou vous n’y avez pas accès.",
  "messages.all": "Tous les messages",
  "messages.with": "Messages avec {name}",
  "messages.none": "Aucun message pour l’instant.",
  "messages.adminOnly": "Les administrateurs peuvent lire cette conversation\u00a0; seuls le client et le Seer y écrivent.",
  "messages.closed":
    "Cette conversation est fermée\u00a0: les messages peuvent être envoyés jusqu’à {days, plural, one {# jour} other {# jours}} après la séance.",
  "messages.notYet": "Les messages s’ouvrent dès que la réservation est confirmée.",
  "messages.you": "Vous",
  "messages.sentByYou": "Image envoyée par vous",
  "messages.sentBy": "Image envoyée par {name}",
  "messages.report": "Signaler",
  "messages.reported": "Signalé",
  "messages.reportedTitle": "Message signalé",
  "messages.reportedText": "Notre équipe peut désormais lire cette conversation.",
  "messages.empty": "Un message ne peut pas être vide.",
  "messages.notSent": "Le message n’a pas été envoyé. Veuillez réessayer.",
  "messages.write": "Écrire un message",
  "messages.message": "Message",
  "messages.addImage": "Ajouter une image",
  "messages.addImageLabel": "Ajouter une image (JPEG ou PNG, 5\u00a0Mo maximum)",
  "messages.send": "Envoyer",
};

export const messages = { en, fr };
