import { Signer, type UnsignResult } from "@fastify/cookie";
import { setKeepingAtMost } from "../../platform/bounded-map";

/** What @fastify/session asks of a signer given as its `secret`: @fastify/cookie's `Signer` is one. */
export interface CookieSigner {
  sign(value: string): string;
  unsign(signedValue: string): UnsignResult;
}

/** Answers kept of each kind: about 3 MB at most, far more than the sessions active at one time on an instance. */
const REMEMBERED = 10_000;

/**
 * The session cookie's signer (HMAC-SHA-256 with the session secret), remembering its answers. @fastify/session
 * verifies the cookie and signs the session id again on every request: two HMACs each time for the same few values,
 * about 2% of the server's time on the write benchmark (docs/decisions.md 113). Both are pure functions of the secret
 * and the value, so a remembered answer is the answer. Only cookies that verified are remembered (a flood of forged
 * ones cannot push out real sessions, and only a cookie signed with the secret is ever a hit); the oldest answers go
 * first once `capacity` are kept.
 */
export function rememberingSigner(inner: CookieSigner, capacity = REMEMBERED): CookieSigner {
  const signed = new Map<string, string>();
  const verified = new Map<string, UnsignResult>();
  const remember = <V>(answers: Map<string, V>, key: string, value: V) => setKeepingAtMost(answers, key, value, capacity);
  return {
    sign(value) {
      let answer = signed.get(value);
      if (answer === undefined) {
        answer = inner.sign(value);
        remember(signed, value, answer);
      }
      return answer;
    },
    unsign(signedValue) {
      const known = verified.get(signedValue);
      // A copy: the caller may not change what the next request is answered.
      if (known) return { ...known };
      const answer = inner.unsign(signedValue);
      if (answer.valid) remember(verified, signedValue, { ...answer });
      return answer;
    },
  };
}

/** The session cookie's signer for `secret` (the first of several signs; the others still verify, for rotation). */
export const sessionCookieSigner = (secret: string | string[]): CookieSigner => rememberingSigner(new Signer(secret));
