/**
 * Sign-in and sign-up (src-client/features/account/SignInPage.tsx), the second step, the refusals the drawn page shows
 * from its address (src/domain/sign-in-refusals.ts) and the password strength meter; the forms' own checks
 * (src/schemas/auth.ts) are the `validation` area's, as every form's. The server writes both areas into the drawn
 * /login page beside the public catalog (src/i18n/drawn-areas.ts), so the page is in its language before any script.
 */
const en = {
  "signIn.welcome": "Welcome back",
  "signIn.welcomeText": "Sign in to book consultations and shop the Sacred Market.",
  "signIn.create": "Create your account",
  "signIn.createText": "Join to book Seers, shop and share wisdom.",
  "signIn.signIn": "Sign In",
  "signIn.signUp": "Sign Up",
  "signIn.continue": "Continue browsing without signing in",
  "signIn.email": "Email",
  "signIn.password": "Password",
  "signIn.togglePassword": "Toggle password visibility",
  "signIn.forgot": "Forgot your password?",
  "signIn.passkeyText": "Use your passkey to finish signing in.",
  "signIn.usePasskey": "Use Passkey",
  "signIn.codeTotp": "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  "signIn.codeRecovery": "Or enter one of your recovery codes.",
  "signIn.code": "Code",
  "signIn.verify": "Verify",
  "signIn.checkEmail": "Check your email",
  "signIn.signUpSent": "Check your email: we sent you a link to confirm your address and sign in.",
  "signIn.firstName": "First name",
  "signIn.lastName": "Last name",
  "signIn.passwordHint": "At least 8 characters; not a common or easily guessed one",
  "signIn.createAccount": "Create Account",

  // A refused sign-in (src/domain/sign-in-refusals.ts): the server's texts, and the codes the drawn page's address carries.
  "signIn.refusal.invalid": "Invalid email or password",
  "signIn.refusal.code": "That code is not right. Try again.",
  "signIn.refusal.expired": "Your sign-in has expired. Sign in again.",
  "signIn.refusal.waitSeconds":
    "Too many sign-in attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.",
  "signIn.refusal.waitMinutes":
    "Too many sign-in attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
  "signIn.refusal.locked":
    "This account has had too many failed sign-ins. If your password was right, we e-mailed you a link to sign in; otherwise please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",

  // The password strength meter (src-client/features/account/PasswordStrengthMeter.tsx).
  "signIn.strength": "Password strength",
  "signIn.strengthIs": "Password strength: {level}",
  "signIn.strength.0": "Very weak",
  "signIn.strength.1": "Weak",
  "signIn.strength.2": "Fair",
  "signIn.strength.3": "Strong",
  "signIn.strength.4": "Very strong",
} as const;

const fr: Record<keyof typeof en, string> = {
  "signIn.welcome": "Bon retour parmi nous",
  "signIn.welcomeText": "Connectez-vous pour réserver des consultations et faire vos achats au Marché sacré.",
  "signIn.create": "Créez votre compte",
  "signIn.createText": "Inscrivez-vous pour réserver des Seers, faire vos achats et partager votre sagesse.",
  "signIn.signIn": "Se connecter",
  "signIn.signUp": "S’inscrire",
  "signIn.continue": "Continuer la visite sans se connecter",
  "signIn.email": "E-mail",
  "signIn.password": "Mot de passe",
  "signIn.togglePassword": "Afficher ou masquer le mot de passe",
  "signIn.forgot": "Mot de passe oublié\u00a0?",
  "signIn.passkeyText": "Utilisez votre clé d’accès pour terminer la connexion.",
  "signIn.usePasskey": "Utiliser une clé d’accès",
  "signIn.codeTotp":
    "Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de récupération.",
  "signIn.codeRecovery": "Ou saisissez l’un de vos codes de récupération.",
  "signIn.code": "Code",
  "signIn.verify": "Vérifier",
  "signIn.checkEmail": "Consultez vos e-mails",
  "signIn.signUpSent":
    "Consultez vos e-mails\u00a0: nous vous avons envoyé un lien pour confirmer votre adresse et vous connecter.",
  "signIn.firstName": "Prénom",
  "signIn.lastName": "Nom",
  "signIn.passwordHint": "Au moins 8 caractères, et pas un mot de passe courant ou facile à deviner",
  "signIn.createAccount": "Créer le compte",

  "signIn.refusal.invalid": "E-mail ou mot de passe incorrect",
  "signIn.refusal.code": "Ce code n’est pas le bon. Réessayez.",
  "signIn.refusal.expired": "Votre connexion a expiré. Reconnectez-vous.",
  "signIn.refusal.waitSeconds":
    "Trop de tentatives de connexion. Veuillez patienter {seconds, plural, one {# seconde} other {# secondes}} puis réessayer.",
  "signIn.refusal.waitMinutes":
    "Trop de tentatives de connexion. Veuillez patienter {minutes, plural, one {# minute} other {# minutes}} puis réessayer.",
  "signIn.refusal.locked":
    "Ce compte a connu trop d’échecs de connexion. Si votre mot de passe était correct, nous vous avons envoyé par e-mail un lien pour vous connecter\u00a0; sinon, veuillez patienter {minutes, plural, one {# minute} other {# minutes}} puis réessayer.",

  "signIn.strength": "Solidité du mot de passe",
  "signIn.strengthIs": "Solidité du mot de passe\u00a0: {level}",
  "signIn.strength.0": "Très faible",
  "signIn.strength.1": "Faible",
  "signIn.strength.2": "Moyenne",
  "signIn.strength.3": "Bonne",
  "signIn.strength.4": "Très bonne",
};

export const signIn = { en, fr };
