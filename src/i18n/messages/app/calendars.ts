/**
 * The calendars (src-client/features/calendars): a person's private feed (CalendarFeed, on the profile and the Seer's
 * Availability tab) and the Seer's own calendars whose busy times block slots (SeerCalendars).
 */
const en = {
  "calendars.feed": "Your calendar feed",
  "calendars.copyAddress": "Copy the {label} address",
  "calendars.copy": "Copy",
  "calendars.copied": "Copied",
  "calendars.feedFailed": "The calendar address could not be loaded.",
  "calendars.loading": "Loading…",
  "calendars.private": "Keep this address private: anyone who has it can see your sessions. Reset it if it has been shared.",
  "calendars.reset": "Reset address",
  "calendars.resetDone": "Calendar address reset",
  "calendars.resetDoneText": "The old address no longer works.",
  "calendars.error": "Error",
  "calendars.resetFailed": "Failed to reset the calendar address.",

  "calendars.title": "Your calendars",
  "calendars.intro":
    "Busy times in these calendars are not offered to clients. They are read every 15 minutes and when a client books.",
  "calendars.loadFailed": "Your calendars could not be loaded.",
  "calendars.none": "No calendars added.",
  "calendars.addOne": "Add a calendar",
  "calendars.when": "{date} at {time}",
  "calendars.lastRead": "Last read: {when} ({count, plural, one {# busy time} other {# busy times}})",
  "calendars.notRead": "Not read yet",
  "calendars.unreadable": "Could not be read: {error}",
  "calendars.unreadableAt": "Could not be read ({when}): {error}",
  "calendars.longEvent": "One event lasts {days} days: no slot is offered during it.",
  "calendars.remove": "Remove",
  "calendars.removeNamed": "Remove {label}",
  "calendars.removeFailed": "Failed to remove the calendar.",

  "calendars.kind.ical": "iCalendar address",
  "calendars.icalAddress": "Calendar address (.ics)",
  "calendars.caldavAddress": "CalDAV server address",
  "calendars.userName": "User name",
  "calendars.password": "Password",
  "calendars.passwordText": "An app password if your provider offers one. It is stored encrypted.",
  "calendars.togglePassword": "Toggle password visibility",
  "calendars.add": "Add Calendar",
  "calendars.cancel": "Cancel",
} as const;

const fr: Record<keyof typeof en, string> = {
  "calendars.feed": "Votre flux de calendrier",
  "calendars.copyAddress": "Copier l’adresse {label}",
  "calendars.copy": "Copier",
  "calendars.copied": "Copiée",
  "calendars.feedFailed": "L’adresse du calendrier n’a pas pu être chargée.",
  "calendars.loading": "Chargement…",
  "calendars.private":
    "Gardez cette adresse privée\u00a0: quiconque la possède peut voir vos séances. Réinitialisez-la si elle a été partagée.",
  "calendars.reset": "Réinitialiser l’adresse",
  "calendars.resetDone": "Adresse du calendrier réinitialisée",
  "calendars.resetDoneText": "L’ancienne adresse ne fonctionne plus.",
  "calendars.error": "Erreur",
  "calendars.resetFailed": "Impossible de réinitialiser l’adresse du calendrier.",

  "calendars.title": "Vos calendriers",
  "calendars.intro":
    "Les plages occupées de ces calendriers ne sont pas proposées aux clients. Ils sont lus toutes les 15 minutes et à chaque réservation.",
  "calendars.loadFailed": "Vos calendriers n’ont pas pu être chargés.",
  "calendars.none": "Aucun calendrier ajouté.",
  "calendars.addOne": "Ajouter un calendrier",
  "calendars.when": "{date} à {time}",
  "calendars.lastRead": "Dernière lecture\u00a0: {when} ({count, plural, one {# plage occupée} other {# plages occupées}})",
  "calendars.notRead": "Pas encore lu",
  "calendars.unreadable": "Lecture impossible\u00a0: {error}",
  "calendars.unreadableAt": "Lecture impossible ({when})\u00a0: {error}",
  "calendars.longEvent": "Un événement dure {days} jours\u00a0: aucun créneau n’est proposé pendant celui-ci.",
  "calendars.remove": "Retirer",
  "calendars.removeNamed": "Retirer {label}",
  "calendars.removeFailed": "Impossible de retirer le calendrier.",

  "calendars.kind.ical": "Adresse iCalendar",
  "calendars.icalAddress": "Adresse du calendrier (.ics)",
  "calendars.caldavAddress": "Adresse du serveur CalDAV",
  "calendars.userName": "Nom d’utilisateur",
  "calendars.password": "Mot de passe",
  "calendars.passwordText": "Un mot de passe d’application si votre fournisseur en propose. Il est stocké chiffré.",
  "calendars.togglePassword": "Afficher ou masquer le mot de passe",
  "calendars.add": "Ajouter le calendrier",
  "calendars.cancel": "Annuler",
};

export const calendars = { en, fr };
