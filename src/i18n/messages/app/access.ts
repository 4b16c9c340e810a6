/** What a protected page says to someone it turns away (src-client/features/account/notices.ts). */
const en = {
  "access.loginRequired": "Login Required",
  "access.loginRequiredBooking": "Please log in to book a consultation",
  "access.loginRequiredCheckout": "Please log in to checkout",
  "access.loginRequiredApply": "Please log in to apply as a Seer",
  "access.loginRequiredApplyVendor": "Please log in to apply as a vendor.",
  "access.loginRequiredVendor": "Please log in to open your vendor dashboard.",
  "access.loginRequiredProfile": "Please log in to view your profile, consultations and orders.",
  "access.loginRequiredMessages": "Please log in to read your messages.",
  "access.loginRequiredMyArticles": "Please log in to see your articles.",
  "access.loginRequiredNewArticle": "Please log in to write an article.",
  "access.loginRequiredEditArticle": "Please log in to edit your articles.",
  "access.denied": "Access Denied",
  "access.deniedMessage": "You don't have permission to access this page",
  "access.dashboardSignedOut": "Please log in to access your dashboard.",
  "access.dashboardWrongRole": "This page is only accessible to verified Seers.",
} as const;

const fr: Record<keyof typeof en, string> = {
  "access.loginRequired": "Connexion requise",
  "access.loginRequiredBooking": "Connectez-vous pour réserver une consultation",
  "access.loginRequiredCheckout": "Connectez-vous pour passer commande",
  "access.loginRequiredApply": "Connectez-vous pour postuler comme Seer",
  "access.loginRequiredApplyVendor": "Connectez-vous pour devenir vendeur.",
  "access.loginRequiredVendor": "Connectez-vous pour ouvrir votre tableau de bord de vendeur.",
  "access.loginRequiredProfile": "Connectez-vous pour voir votre profil, vos consultations et vos commandes.",
  "access.loginRequiredMessages": "Connectez-vous pour lire vos messages.",
  "access.loginRequiredMyArticles": "Connectez-vous pour voir vos articles.",
  "access.loginRequiredNewArticle": "Connectez-vous pour écrire un article.",
  "access.loginRequiredEditArticle": "Connectez-vous pour modifier vos articles.",
  "access.denied": "Accès refusé",
  "access.deniedMessage": "Vous n’avez pas la permission d’accéder à cette page",
  "access.dashboardSignedOut": "Connectez-vous pour accéder à votre tableau de bord.",
  "access.dashboardWrongRole": "Cette page est réservée aux Seers vérifiés.",
};

export const access = { en, fr };
