import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/** Every account's password must reach this zxcvbn score: 0 and 1 are common or guessable within minutes offline. */
export const ACCEPTABLE_PASSWORD_SCORE = 2;
/** zxcvbn scores 0 (guessable) to 4 (very strong); an admin's password must reach this. */
export const STRONG_PASSWORD_SCORE = 3;

let checker: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries are large, and most code paths never need them. */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return checker;
}

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is weak and what would help, in words for the person typing it; empty when nothing to say. */
  feedback: string;
}

/** How guessable a password is, offline, with the person's own details (e-mail, names) counted as guessable too. */
export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const result = zxcvbn().check(password, [...userInputs]);
  const feedback = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(" ");
  return { score: result.score, feedback };
}

/** Null when the password may be used for an admin account, otherwise the reason it may not. */
export function weakAdminPasswordReason(password: string, userInputs: readonly string[] = []): string | null {
  if (password.length < 12) return "An admin password must be at least 12 characters.";
  if (password.length > PASSWORD_MAX_LENGTH) return `A password can be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const { score, feedback } = passwordStrength(password, userInputs);
  if (score < STRONG_PASSWORD_SCORE) return `This password is too easy to guess. ${feedback}`.trim();
  return null;
}

/** Null when the password may be used for an account, otherwise why not (docs/product.md#validation). */
export function weakPasswordReason(password: string, userInputs: readonly string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "Password must be at least 8 characters";
  if (password.length > PASSWORD_MAX_LENGTH) return "Password must be at most 128 characters";
  const { score, feedback } = passwordStrength(password, userInputs);
  if (score < ACCEPTABLE_PASSWORD_SCORE) return `This password is too easy to guess. ${feedback}`.trim();
  return null;
}
