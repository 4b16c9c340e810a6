/** The account's mails (src-server/modules/account/mail.ts), in their recipient's language (`users.locale`). */
const en = {
  "accountMail.verify.subject": "Confirm your email address",
  "accountMail.verify.body": "Please confirm that this is your email address by opening this link within 24 hours:",
  "accountMail.ignore": "If you did not ask for this, you can ignore this email.",
  "accountMail.exists.subject": "Someone tried to create an account with your email",
  "accountMail.exists.body":
    "Someone, perhaps you, tried to create a new Seer account with this email address. You already have an account, so nothing was changed. To sign in, go to {login}; if you forgot your password, reset it at {forgot}.",
  "accountMail.notYou": "If this was not you, you can ignore this email.",
  "accountMail.signInLink.subject": "Your sign-in link",
  "accountMail.signInLink.body":
    "Someone, perhaps you, signed in to your Seer account with the right password from a new device while many failed attempts were being made on it, so we held that sign-in back.",
  "accountMail.signInLink.open": "If it was you, open this link within 30 minutes to sign in:",
  "accountMail.signInLink.notYou":
    "If it was not you, someone knows your password: reset it now with Forgot your password on the sign-in page.",
  "accountMail.reset.subject": "Reset your password",
  "accountMail.reset.body": "To choose a new password, open this link within one hour:",
  "accountMail.reset.once": "The link works once. Choosing a new password signs you out everywhere else.",
  "accountMail.reset.ignore": "If you did not ask for this, you can ignore this email: your password stays as it is.",
  "accountMail.emailChange.subject": "Your email address is being changed",
  "accountMail.emailChange.body":
    "Someone signed in to your Seer account asked to change its email address to {email}. The change happens when the link sent to the new address is opened.",
  "accountMail.emailChange.notYou": "If this was not you, reset your password now: the link then stops working.",
  "accountMail.newDevice.subject": "New sign-in to your account",
  "accountMail.newDevice.body": "Your Seer account was signed in to from a new device:",
  "accountMail.newDevice.browser": "Browser: {browser}",
  "accountMail.newDevice.wasYou": "If this was you, there is nothing to do.",
  "accountMail.newDevice.notYou":
    "If it was not you, change your password and end your other sessions in your security settings:",
} as const;

const fr: Record<keyof typeof en, string> = {
  "accountMail.verify.subject": "Confirmez votre adresse e-mail",
  "accountMail.verify.body": "Confirmez qu’il s’agit bien de votre adresse e-mail en ouvrant ce lien dans les 24 heures\u00a0:",
  "accountMail.ignore": "Si vous n’avez rien demandé, vous pouvez ignorer cet e-mail.",
  "accountMail.exists.subject": "Quelqu’un a tenté de créer un compte avec votre adresse e-mail",
  "accountMail.exists.body":
    "Quelqu’un, peut-être vous, a tenté de créer un nouveau compte Seer avec cette adresse e-mail. Vous avez déjà un compte, rien n’a donc été modifié. Pour vous connecter, rendez-vous sur {login}\u00a0; si vous avez oublié votre mot de passe, réinitialisez-le sur {forgot}.",
  "accountMail.notYou": "Si ce n’était pas vous, vous pouvez ignorer cet e-mail.",
  "accountMail.signInLink.subject": "Votre lien de connexion",
  "accountMail.signInLink.body":
    "Quelqu’un, peut-être vous, s’est connecté à votre compte Seer avec le bon mot de passe depuis un nouvel appareil alors que de nombreuses tentatives échouaient sur ce compte\u00a0: nous avons donc retenu cette connexion.",
  "accountMail.signInLink.open": "Si c’était vous, ouvrez ce lien dans les 30 minutes pour vous connecter\u00a0:",
  "accountMail.signInLink.notYou":
    "Si ce n’était pas vous, quelqu’un connaît votre mot de passe\u00a0: réinitialisez-le dès maintenant avec « Mot de passe oublié » sur la page de connexion.",
  "accountMail.reset.subject": "Réinitialisez votre mot de passe",
  "accountMail.reset.body": "Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure\u00a0:",
  "accountMail.reset.once":
    "Le lien ne fonctionne qu’une fois. Choisir un nouveau mot de passe vous déconnecte partout ailleurs.",
  "accountMail.reset.ignore":
    "Si vous n’avez rien demandé, vous pouvez ignorer cet e-mail\u00a0: votre mot de passe reste inchangé.",
  "accountMail.emailChange.subject": "Votre adresse e-mail est en cours de modification",
  "accountMail.emailChange.body":
    "Une personne connectée à votre compte Seer a demandé à remplacer son adresse e-mail par {email}. Le changement a lieu à l’ouverture du lien envoyé à la nouvelle adresse.",
  "accountMail.emailChange.notYou":
    "Si ce n’était pas vous, réinitialisez votre mot de passe dès maintenant\u00a0: le lien cessera alors de fonctionner.",
  "accountMail.newDevice.subject": "Nouvelle connexion à votre compte",
  "accountMail.newDevice.body": "Votre compte Seer a été utilisé depuis un nouvel appareil\u00a0:",
  "accountMail.newDevice.browser": "Navigateur\u00a0: {browser}",
  "accountMail.newDevice.wasYou": "Si c’était vous, vous n’avez rien à faire.",
  "accountMail.newDevice.notYou":
    "Si ce n’était pas vous, changez votre mot de passe et fermez vos autres sessions dans vos paramètres de sécurité\u00a0:",
};

export const accountMail = { en, fr };
