/** The test-mode stand-in for Stripe's payout onboarding (src-client/features/payouts/TestOnboardingPage.tsx). */
const en = {
  "payoutSetup.title": "Set up your payout account",
  "payoutSetup.testMode":
    "Test mode: no bank details are needed. With live payments this step happens on Stripe's secure onboarding pages.",
  "payoutSetup.complete": "Complete setup",
} as const;

const fr: Record<keyof typeof en, string> = {
  "payoutSetup.title": "Configurez votre compte de versement",
  "payoutSetup.testMode":
    "Mode test\u00a0: aucune coordonnée bancaire n’est nécessaire. Avec les paiements réels, cette étape se fait sur les pages sécurisées de Stripe.",
  "payoutSetup.complete": "Terminer la configuration",
};

export const payoutSetup = { en, fr };
