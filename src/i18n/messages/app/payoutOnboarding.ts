/** The test-mode stand-in for Stripe's hosted onboarding (src-client/features/payouts/TestOnboardingPage.tsx). */
const en = {
  "payoutOnboarding.title": "Set up your payout account",
  "payoutOnboarding.text":
    "Test mode: no bank details are needed. With live payments this step happens on Stripe's secure onboarding pages.",
  "payoutOnboarding.complete": "Complete setup",
} as const;

const fr: Record<keyof typeof en, string> = {
  "payoutOnboarding.title": "Configurez votre compte de versement",
  "payoutOnboarding.text":
    "Mode test\u00a0: aucune coordonnée bancaire n’est demandée. Avec les paiements réels, cette étape se fait sur les pages d’inscription sécurisées de Stripe.",
  "payoutOnboarding.complete": "Terminer la configuration",
};

export const payoutOnboarding = { en, fr };
