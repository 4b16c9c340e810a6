/** The booking wizard's steps, as the address names them (?step=); kept apart so the route does not load the wizard. */
export const WIZARD_STEPS = ["date", "review", "payment"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
/** Where the client is in the wizard, kept in the address (?step=&date=&time=), so Back, Forward and reload work. */
export interface WizardPlace {
  step?: WizardStep | undefined;
  date?: string | undefined;
  time?: string | undefined;
}
