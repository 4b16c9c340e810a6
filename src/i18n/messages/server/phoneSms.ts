/** The texts sent by SMS outside a booking (src-server/modules/phone/numbers.ts), in the account's language. */
const en = {
  "phoneSms.code": "Your Seer code is {code}. It expires in {minutes} minutes. Never share it with anyone.",
} as const;

const fr: Record<keyof typeof en, string> = {
  "phoneSms.code": "Votre code Seer est {code}. Il expire dans {minutes}\u00a0minutes. Ne le communiquez jamais à personne.",
};

export const phoneSms = { en, fr };
