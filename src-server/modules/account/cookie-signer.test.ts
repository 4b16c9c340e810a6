import { Signer } from "@fastify/cookie";
import { describe, expect, it } from "vitest";
import { rememberingSigner, sessionCookieSigner, type CookieSigner } from "./cookie-signer";

const SECRET = "s".repeat(40);
const OLD_SECRET = "o".repeat(40);

/** The real signer, counting the HMACs it computes. */
function counting(secret: string | string[]) {
  const real = new Signer(secret);
  const calls = { sign: 0, unsign: 0 };
  const signer: CookieSigner = {
    sign: (value) => (calls.sign++, real.sign(value)),
    unsign: (value) => (calls.unsign++, real.unsign(value)),
  };
  return { signer, calls };
}

describe("the session cookie's signer", () => {
  it("answers exactly as @fastify/cookie's signer: valid, forged, unsigned, signed with a retired secret", () => {
    const plain = new Signer([SECRET, OLD_SECRET]);
    const ours = sessionCookieSigner([SECRET, OLD_SECRET]);
    const cookie = new Signer(SECRET).sign("session-id-1");
    const retired = new Signer(OLD_SECRET).sign("session-id-2");
    const forged = `${cookie.slice(0, -2)}xx`;
    for (const value of [cookie, retired, forged, "no-dot", "trailing.", cookie, retired, forged]) {
      expect(ours.unsign(value)).toEqual(plain.unsign(value));
    }
    expect(ours.unsign(retired)).toEqual({ valid: true, renew: true, value: "session-id-2" });
    expect(ours.unsign(forged)).toEqual({ valid: false, renew: false, value: null });
    expect(ours.sign("session-id-3")).toBe(plain.sign("session-id-3"));
    expect(ours.sign("session-id-3")).toBe(plain.sign("session-id-3"));
  });

  it("computes each cookie's HMAC once, and never remembers a cookie that did not verify", () => {
    const { signer, calls } = counting(SECRET);
    const ours = rememberingSigner(signer);
    const cookie = new Signer(SECRET).sign("session-id-1");
    ours.unsign(cookie);
    ours.unsign(cookie);
    ours.unsign(cookie);
    expect(calls.unsign).toBe(1);
    ours.sign("session-id-1");
    ours.sign("session-id-1");
    expect(calls.sign).toBe(1);
    const forged = `${cookie.slice(0, -2)}xx`;
    expect(ours.unsign(forged).valid).toBe(false);
    expect(ours.unsign(forged).valid).toBe(false);
    expect(calls.unsign).toBe(3);
  });

  it("hands out copies: a caller changing an answer does not change the next one", () => {
    const ours = sessionCookieSigner(SECRET);
    const cookie = new Signer(SECRET).sign("session-id-1");
    for (let i = 0; i < 2; i++) {
      const answer = ours.unsign(cookie);
      answer.value = "someone-else";
      answer.valid = false;
    }
    expect(ours.unsign(cookie)).toEqual({ valid: true, renew: false, value: "session-id-1" });
  });

  it("keeps at most `capacity` answers, the oldest going first", () => {
    const { signer, calls } = counting(SECRET);
    const ours = rememberingSigner(signer, 2);
    const [a, b, c] = ["a", "b", "c"].map((id) => new Signer(SECRET).sign(id));
    for (const value of [a, b, c, c, b]) ours.unsign(value ?? "");
    // a, b and c computed; c and b remembered.
    expect(calls.unsign).toBe(3);
    ours.unsign(a ?? "");
    expect(calls.unsign).toBe(4);
  });
});
