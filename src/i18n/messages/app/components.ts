/** The shared components of the signed-in screens (src-client/components): `AnswerOnce`'s way back. */
const en = {
  "components.back": "Back",
} as const;

const fr: Record<keyof typeof en, string> = {
  "components.back": "Retour",
};

export const components = { en, fr };
