/**
 * A booking's mails and calendar invites (src-server/modules/bookings/mail.ts, feed.ts), in their recipient's
 * language (`users.locale`). `{when}` is a date, a time and a time zone as `bookingMail.when` writes them.
 */
const en = {
  "bookingMail.when": "{date} at {time} ({zone})",
  "bookingMail.confirmedClient.subject": "Booking confirmed: {minutes} minute consultation with {seer}",
  "bookingMail.confirmedClient.body": "Your {minutes} minute consultation with {seer} is confirmed.",
  "bookingMail.confirmedClient.amountPaid": "Amount paid: {amount}",
  "bookingMail.confirmedClient.invite":
    "The attached calendar invite adds the session to your calendar. We will remind you 24 hours before the session, and your Seer may reach out beforehand.",
  "bookingMail.confirmedSeer.subject": "New booking: {minutes} minute consultation on {date}",
  "bookingMail.confirmedSeer.body": "{client} has booked a {minutes} minute consultation with you.",
  "bookingMail.confirmedSeer.earnings": "Your earnings: {amount}",
  "bookingMail.confirmedSeer.notes": "Client notes: {notes}",
  "bookingMail.confirmedSeer.noNotes": "none",
  "bookingMail.reminder.clientSubject": "Reminder: your consultation with {seer} is tomorrow",
  "bookingMail.reminder.seerSubject": "Reminder: {minutes} minute consultation with {client} tomorrow",
  "bookingMail.reminder.body": "This is your reminder: your {minutes} minute consultation with {other} starts in 24 hours.",
  "bookingMail.reminder.roomOpens": "The room opens 10 minutes before the start.",
  "bookingMail.cancelled.subject": "Cancelled: {minutes} minute consultation with {other}",
  "bookingMail.cancelled.body": "Your {minutes} minute consultation with {other} on {when} has been cancelled.",
  "bookingMail.cancelled.refund": "Refund: {amount}",
  "bookingMail.cancelled.invite": "The attached calendar update removes the session from your calendar.",
  "bookingMail.rescheduled.subject": "Rescheduled: {minutes} minute consultation with {other}",
  "bookingMail.rescheduled.body": "Your {minutes} minute consultation with {other} has moved.",
  "bookingMail.rescheduled.newTime": "New time: {when}",
  "bookingMail.rescheduled.invite": "The attached calendar update moves the session in your calendar.",
  "bookingMail.proposal.subject": "{seer} proposes a new time for your consultation",
  "bookingMail.proposal.body": "{seer} proposes to move your {minutes} minute consultation of {when} to {proposed}.",
  "bookingMail.proposal.link": "Accept or keep the current time on your profile: {url}",
  "bookingMail.review.subject": "How was your consultation with {seer}?",
  "bookingMail.review.body": "Thank you for your consultation with {seer}. Your review helps others find the right guide.",
  "bookingMail.review.link": "Leave a review (1 to 5 stars) on your profile: {url}",
  "bookingMail.noShow.clientSubject": "Refunded: {seer} did not join your consultation",
  "bookingMail.noShow.seerSubject": "Missed session: {minutes} minute consultation with {client}",
  "bookingMail.noShow.clientBody": "{seer} did not join your {minutes} minute consultation on {when}. We are sorry.",
  "bookingMail.noShow.clientRefund": "By our Terms you are refunded in full: {amount}, to the way you paid.",
  "bookingMail.noShow.clientLink": "Your consultations: {url}",
  "bookingMail.noShow.seerBody": "You did not join your {minutes} minute session with {client} on {when}, and the client did.",
  "bookingMail.noShow.seerRefund": "By our Terms the client is refunded in full, and the session earns you nothing.",
  "bookingMail.disputeReported.subject": "A problem was reported: {minutes} minute consultation with {client}",
  "bookingMail.disputeReported.body": "{client} reported a problem with your {minutes} minute session on {when}: {reason}.",
  "bookingMail.disputeReported.held":
    "Your payout for this session is held until our team decides. You can answer once, from the session's card on your dashboard.",
  "bookingMail.disputeDecided.subject": "Decision on the reported problem: {minutes} minute consultation with {other}",
  "bookingMail.disputeDecided.clientReleased":
    "We looked into the problem you reported and found no refund is due; the payment goes to the Seer.",
  "bookingMail.disputeDecided.seerReleased": "We looked into the problem reported and released your payout for this session.",
  "bookingMail.disputeDecided.clientRefunded":
    "We looked into the problem you reported and refunded {amount} to your payment method.",
  "bookingMail.disputeDecided.seerRefunded":
    "We looked into the problem reported and refunded {amount} to the client; your payout for this session is reduced in proportion.",
  "bookingMail.invite.summary": "{minutes} Minute Consultation with {seer}",
  "bookingMail.invite.seerSummary": "{minutes} Minute Session with {client}",
  "bookingMail.invite.yourClient": "your client",
  "bookingMail.invite.description": "Your spiritual consultation with {seer}.",
  "bookingMail.invite.join": "Join the meeting room: {url}",
  "bookingMail.invite.alarm": "Consultation reminder",
  "bookingMail.invite.feedName": "Seer Marketplace sessions",
} as const;

const fr: Record<keyof typeof en, string> = {
  "bookingMail.when": "{date} à {time} ({zone})",
  "bookingMail.confirmedClient.subject": "Réservation confirmée\u00a0: consultation de {minutes} minutes avec {seer}",
  "bookingMail.confirmedClient.body": "Votre consultation de {minutes} minutes avec {seer} est confirmée.",
  "bookingMail.confirmedClient.amountPaid": "Montant payé\u00a0: {amount}",
  "bookingMail.confirmedClient.invite":
    "L’invitation jointe ajoute la séance à votre agenda. Nous vous la rappellerons 24 heures avant la séance, et votre Seer pourra vous contacter d’ici là.",
  "bookingMail.confirmedSeer.subject": "Nouvelle réservation\u00a0: consultation de {minutes} minutes le {date}",
  "bookingMail.confirmedSeer.body": "{client} a réservé une consultation de {minutes} minutes avec vous.",
  "bookingMail.confirmedSeer.earnings": "Vos gains\u00a0: {amount}",
  "bookingMail.confirmedSeer.notes": "Notes du client\u00a0: {notes}",
  "bookingMail.confirmedSeer.noNotes": "aucune",
  "bookingMail.reminder.clientSubject": "Rappel\u00a0: votre consultation avec {seer} a lieu demain",
  "bookingMail.reminder.seerSubject": "Rappel\u00a0: consultation de {minutes} minutes avec {client} demain",
  "bookingMail.reminder.body":
    "Petit rappel\u00a0: votre consultation de {minutes} minutes avec {other} commence dans 24 heures.",
  "bookingMail.reminder.roomOpens": "La salle ouvre 10 minutes avant le début.",
  "bookingMail.cancelled.subject": "Annulée\u00a0: consultation de {minutes} minutes avec {other}",
  "bookingMail.cancelled.body": "Votre consultation de {minutes} minutes avec {other} du {when} a été annulée.",
  "bookingMail.cancelled.refund": "Remboursement\u00a0: {amount}",
  "bookingMail.cancelled.invite": "La mise à jour d’agenda jointe retire la séance de votre agenda.",
  "bookingMail.rescheduled.subject": "Déplacée\u00a0: consultation de {minutes} minutes avec {other}",
  "bookingMail.rescheduled.body": "Votre consultation de {minutes} minutes avec {other} a été déplacée.",
  "bookingMail.rescheduled.newTime": "Nouvel horaire\u00a0: {when}",
  "bookingMail.rescheduled.invite": "La mise à jour d’agenda jointe déplace la séance dans votre agenda.",
  "bookingMail.proposal.subject": "{seer} vous propose un nouvel horaire pour votre consultation",
  "bookingMail.proposal.body": "{seer} propose de déplacer votre consultation de {minutes} minutes du {when} au {proposed}.",
  "bookingMail.proposal.link": "Acceptez-le ou gardez l’horaire actuel depuis votre profil\u00a0: {url}",
  "bookingMail.review.subject": "Comment s’est passée votre consultation avec {seer}\u00a0?",
  "bookingMail.review.body":
    "Merci pour votre consultation avec {seer}. Votre avis aide d’autres personnes à trouver le bon guide.",
  "bookingMail.review.link": "Laissez un avis (de 1 à 5 étoiles) depuis votre profil\u00a0: {url}",
  "bookingMail.noShow.clientSubject": "Remboursement\u00a0: {seer} n’a pas rejoint votre consultation",
  "bookingMail.noShow.seerSubject": "Séance manquée\u00a0: consultation de {minutes} minutes avec {client}",
  "bookingMail.noShow.clientBody":
    "{seer} n’a pas rejoint votre consultation de {minutes} minutes du {when}. Nous en sommes désolés.",
  "bookingMail.noShow.clientRefund":
    "Conformément à nos Conditions, vous êtes remboursé intégralement\u00a0: {amount}, sur le moyen de paiement utilisé.",
  "bookingMail.noShow.clientLink": "Vos consultations\u00a0: {url}",
  "bookingMail.noShow.seerBody":
    "Vous n’avez pas rejoint votre séance de {minutes} minutes avec {client} du {when}, alors que le client l’a rejointe.",
  "bookingMail.noShow.seerRefund":
    "Conformément à nos Conditions, le client est remboursé intégralement, et la séance ne vous rapporte rien.",
  "bookingMail.disputeReported.subject": "Un problème a été signalé\u00a0: consultation de {minutes} minutes avec {client}",
  "bookingMail.disputeReported.body":
    "{client} a signalé un problème concernant votre séance de {minutes} minutes du {when}\u00a0: {reason}.",
  "bookingMail.disputeReported.held":
    "Votre versement pour cette séance est suspendu jusqu’à la décision de notre équipe. Vous pouvez répondre une fois, depuis la carte de la séance dans votre tableau de bord.",
  "bookingMail.disputeDecided.subject": "Décision sur le problème signalé\u00a0: consultation de {minutes} minutes avec {other}",
  "bookingMail.disputeDecided.clientReleased":
    "Nous avons examiné le problème que vous avez signalé et aucun remboursement n’est dû\u00a0; le paiement revient au Seer.",
  "bookingMail.disputeDecided.seerReleased":
    "Nous avons examiné le problème signalé et débloqué votre versement pour cette séance.",
  "bookingMail.disputeDecided.clientRefunded":
    "Nous avons examiné le problème que vous avez signalé et remboursé {amount} sur votre moyen de paiement.",
  "bookingMail.disputeDecided.seerRefunded":
    "Nous avons examiné le problème signalé et remboursé {amount} au client\u00a0; votre versement pour cette séance est réduit en proportion.",
  "bookingMail.invite.summary": "Consultation de {minutes} minutes avec {seer}",
  "bookingMail.invite.seerSummary": "Séance de {minutes} minutes avec {client}",
  "bookingMail.invite.yourClient": "votre client",
  "bookingMail.invite.description": "Votre consultation spirituelle avec {seer}.",
  "bookingMail.invite.join": "Rejoindre la salle de consultation\u00a0: {url}",
  "bookingMail.invite.alarm": "Rappel de consultation",
  "bookingMail.invite.feedName": "Séances Seer Marketplace",
};

export const bookingMail = { en, fr };
