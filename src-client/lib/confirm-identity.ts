import { confirmWanted } from "./wanted";
import { CONFIRM_IT_IS_YOU, SECURITY_SETTINGS_PATH, SET_UP_SECOND_FACTOR } from "../../src/domain/second-factor";

/**
 * The server refuses a sensitive action whose last confirmation is older than 10 minutes (CONFIRM_IT_IS_YOU). The
 * query client's mutation cache (trpc.ts) then asks here: the Confirm it's you dialog (ConfirmIdentityDialog) opens
 * over the page, and once the person has confirmed, the refused mutation is sent again with the same input, so
 * nothing they typed is lost.
 */
type Listener = () => void;
let waiting: ((confirmed: boolean) => void)[] = [];
const listeners = new Set<Listener>();

export const confirmationAsked = (): boolean => waiting.length > 0;

export function subscribeToConfirmation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves true once the person confirmed, false if they closed the dialog. */
export function askConfirmation(): Promise<boolean> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    confirmWanted.want();
    listeners.forEach((l) => l());
  });
}

export function answerConfirmation(confirmed: boolean): void {
  const answered = waiting;
  waiting = [];
  answered.forEach((resolve) => resolve(confirmed));
  listeners.forEach((l) => l());
}

const messageOf = (error: unknown): string | undefined => (error instanceof Error ? error.message : undefined);

export const isConfirmationRefusal = (error: unknown): boolean => messageOf(error) === CONFIRM_IT_IS_YOU;

/** An admin without a second factor (the console), or a Seer changing payout details: go to the security settings. */
export const isSecondFactorRefusal = (error: unknown): boolean => messageOf(error) === SET_UP_SECOND_FACTOR;

export { SECURITY_SETTINGS_PATH };
