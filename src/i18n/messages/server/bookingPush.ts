/**
 * A booking's web push notifications (src-server/modules/bookings/push.ts, docs/product.md#notifications), in their
 * recipient's language (`users.locale`). `{when}` is written as `bookingMail.when` writes it.
 */
const en = {
  "bookingPush.confirmed.clientTitle": "Booking confirmed",
  "bookingPush.confirmed.clientBody": "Your {minutes} minute consultation with {seer} is booked for {when}.",
  "bookingPush.confirmed.seerTitle": "New booking",
  "bookingPush.confirmed.seerBody": "{client} booked a {minutes} minute consultation on {when}.",
  "bookingPush.rescheduled.title": "Consultation moved",
  "bookingPush.rescheduled.body": "Your {minutes} minute consultation with {other} is now on {when}.",
  "bookingPush.cancelled.title": "Consultation cancelled",
  "bookingPush.cancelled.body": "Your {minutes} minute consultation with {other} on {when} was cancelled.",
  "bookingPush.tomorrow.clientTitle": "Your consultation is tomorrow",
  "bookingPush.tomorrow.seerTitle": "Your session is tomorrow",
  "bookingPush.tomorrow.body": "Your {minutes} minute consultation with {other} starts in 24 hours.",
  "bookingPush.soon.title": "Starting in 10 minutes",
  "bookingPush.soon.body": "Your consultation with {other} starts in 10 minutes. The room is open.",
  "bookingPush.soon.join": "Join",
} as const;

const fr: Record<keyof typeof en, string> = {
  "bookingPush.confirmed.clientTitle": "Réservation confirmée",
  "bookingPush.confirmed.clientBody": "Votre consultation de {minutes} minutes avec {seer} est réservée pour le {when}.",
  "bookingPush.confirmed.seerTitle": "Nouvelle réservation",
  "bookingPush.confirmed.seerBody": "{client} a réservé une consultation de {minutes} minutes le {when}.",
  "bookingPush.rescheduled.title": "Consultation déplacée",
  "bookingPush.rescheduled.body": "Votre consultation de {minutes} minutes avec {other} a maintenant lieu le {when}.",
  "bookingPush.cancelled.title": "Consultation annulée",
  "bookingPush.cancelled.body": "Votre consultation de {minutes} minutes avec {other} du {when} a été annulée.",
  "bookingPush.tomorrow.clientTitle": "Votre consultation a lieu demain",
  "bookingPush.tomorrow.seerTitle": "Votre séance a lieu demain",
  "bookingPush.tomorrow.body": "Votre consultation de {minutes} minutes avec {other} commence dans 24 heures.",
  "bookingPush.soon.title": "Début dans 10 minutes",
  "bookingPush.soon.body": "Votre consultation avec {other} commence dans 10 minutes. La salle est ouverte.",
  "bookingPush.soon.join": "Rejoindre",
};

export const bookingPush = { en, fr };
