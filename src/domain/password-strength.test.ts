import { describe, expect, it } from "vitest";
import { passwordStrength, weakAdminPasswordReason } from "./password-strength";

describe("password strength", () => {
  it("scores common and guessable passwords low and random passphrases high", () => {
    expect(passwordStrength("password1").score).toBeLessThanOrEqual(1);
    expect(passwordStrength("qwertyuiop123").score).toBeLessThanOrEqual(1);
    expect(passwordStrength("violet-harbour-tamarind-9-quill").score).toBe(4);
  });

  it("counts the person's own details as guessable", () => {
    const alone = passwordStrength("efuamensah2026").score;
    const withDetails = passwordStrength("efuamensah2026", ["efua", "mensah", "efua.mensah@example.com"]).score;
    expect(withDetails).toBeLessThan(alone);
  });

  it("refuses weak, short and overlong admin passwords and accepts a strong one", () => {
    expect(weakAdminPasswordReason("Tr0ub4dor&3")).toMatch(/at least 12/);
    expect(weakAdminPasswordReason("demo-admin-2026")).toBeNull();
    expect(weakAdminPasswordReason("demo-admin-2026", ["demo-admin-2026"])).toMatch(/too easy to guess/);
    expect(weakAdminPasswordReason("password12345")).toMatch(/too easy to guess/);
    expect(weakAdminPasswordReason("x".repeat(129))).toMatch(/at most 128/);
    expect(weakAdminPasswordReason("violet-harbour-tamarind-9-quill")).toBeNull();
  });
});
