/** What every mail says whatever it is about (src-server/platform/mail.ts): its greeting, its signature, its lines. */
const en = {
  "mail.hello": "Hello {name},",
  "mail.signature": "The Seer team",
  "mail.when": "When: {when}",
  "mail.meetingRoom": "Meeting room: {url}",
  "mail.booking": "Booking {id}",
  "mail.reason": "Reason: {reason}",
} as const;

const fr: Record<keyof typeof en, string> = {
  "mail.hello": "Bonjour {name},",
  "mail.signature": "L’équipe Seer",
  "mail.when": "Date\u00a0: {when}",
  "mail.meetingRoom": "Salle de consultation\u00a0: {url}",
  "mail.booking": "Réservation {id}",
  "mail.reason": "Motif\u00a0: {reason}",
};

export const mail = { en, fr };
