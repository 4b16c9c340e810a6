/**
 * A refused sign-in's texts (docs/product.md#errors-and-messages), and the few codes that stand for them in the
 * address the sign-in form returns to when it was sent without the app's code (issue #39):
 * `/login?returnTo=…&error=<code>[&wait=<seconds>]`. The page shows the text its code stands for, never text taken
 * from the address. The server throws these texts (src-server/modules/account/users.ts), the page shows them.
 */
import { SECOND_STEP_EXPIRED, WRONG_CODE } from "./second-factor";
import type { SecondStepKind, SignInRefusalCode } from "./sign-in-refusal-codes";

/** How long sign-in's longest wait is, and its throttle's window. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export const SIGN_IN_FAILED = "Invalid email or password";
export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait 15 minutes and try again.";

/** The refusal that says how long to wait; at the longest wait it is the product's own text. */
export function tooManyAttempts(waitMs: number): string {
  if (waitMs >= SIGN_IN_WINDOW_MS) return TOO_MANY_ATTEMPTS;
  if (waitMs >= 60_000) {
    const minutes = Math.ceil(waitMs / 60_000);
    return `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
  }
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `Too many sign-in attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

/** The refusal while an account is under attack, the same for a right and a wrong password (docs/product.md#sign-in). */
export const accountUnderAttack = (waitMs: number): string => {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return (
    "This account has had too many failed sign-ins. If your password was right, we e-mailed you a link to sign in; " +
    `otherwise please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`
  );
};


export interface SignInRefusal {
  error: SignInRefusalCode;
  /** Seconds to wait, for `throttled` and `locked`: the texts say how long. */
  wait?: number | undefined;
}

const WAIT_MAX_S = SIGN_IN_WINDOW_MS / 1000;

/**
 * The refusal whose text is `message` (a server's answer to a sign-in), or undefined for any other text. The waits
 * the texts can say are 1 to 59 seconds, then whole minutes up to the longest.
 */
export function refusalOf(message: string): SignInRefusal | undefined {
  if (message === SIGN_IN_FAILED) return { error: "invalid" };
  if (message === WRONG_CODE) return { error: "code" };
  if (message === SECOND_STEP_EXPIRED) return { error: "expired" };
  for (let s = 1; s <= WAIT_MAX_S; s += s < 60 ? 1 : 60) {
    if (tooManyAttempts(s * 1000) === message) return { error: "throttled", wait: s };
    if (s % 60 === 0 && accountUnderAttack(s * 1000) === message) return { error: "locked", wait: s };
  }
  return undefined;
}

/** The form's own checks, as its schema words them (src/schemas/auth.ts; pinned by a test). */
const FIELD_TEXTS = {
  email: "Enter a valid email address",
  password: "Enter your password",
  codeFormat: "Enter the 6-digit code or a recovery code",
} as const;

/** The text a refusal's code stands for; a wait outside what the server ever says is read as the longest. */
export function refusalText({ error, wait }: SignInRefusal): string {
  const waitMs = (wait !== undefined && Number.isInteger(wait) && wait >= 1 && wait <= WAIT_MAX_S ? wait : WAIT_MAX_S) * 1000;
  switch (error) {
    case "invalid":
      return SIGN_IN_FAILED;
    case "email":
    case "password":
    case "codeFormat":
      return FIELD_TEXTS[error];
    case "code":
      return WRONG_CODE;
    case "expired":
      return SECOND_STEP_EXPIRED;
    case "throttled":
      return tooManyAttempts(waitMs);
    case "locked":
      return accountUnderAttack(waitMs);
  }
}

/** The second step's kind from the factors a person has (the sign-in's answer, issue #47). */
export function secondStepKind({ totp, passkeys }: { totp: boolean; passkeys: boolean }): SecondStepKind {
  if (!totp) return "recovery";
  return passkeys ? "totpPasskey" : "totp";
}

/** The factors a drawn second step offers, from its kind in the address. */
export function secondStepFactors(kind: SecondStepKind): { totp: boolean; passkeys: boolean } {
  return { totp: kind !== "recovery", passkeys: kind !== "totp" };
}

/** The drawn sign-in page that asks for the second step (`second`), with the refusal of a code sent before, if any. */
export function secondStepPath(returnTo: string, second: SecondStepKind, refusal?: SignInRefusal): string {
  const params = new URLSearchParams({ returnTo, second });
  if (refusal) params.set("error", refusal.error);
  if (refusal?.wait !== undefined) params.set("wait", String(refusal.wait));
  return `/login?${params.toString()}`;
}

/** The sign-in page's address that shows `refusal`, keeping the way back. */
export function signInRefusedPath(returnTo: string, refusal: SignInRefusal): string {
  const params = new URLSearchParams({ returnTo, error: refusal.error });
  if (refusal.wait !== undefined) params.set("wait", String(refusal.wait));
  return `/login?${params.toString()}`;
}
