import { describe, expect, it } from "vitest";
import { securityHeadersOf } from "./security";

describe("securityHeadersOf", () => {
  it("works out helmet's headers once, as helmet sends them, with nothing of the fake request left in", () => {
    const headers = securityHeadersOf({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
      hsts: false,
    });
    expect(headers).toEqual({
      "content-security-policy": "default-src 'self';frame-ancestors 'none'",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
  });

  it("adds Strict-Transport-Security only when asked (the app asks when its public address is https)", () => {
    expect(securityHeadersOf({ hsts: true })["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(securityHeadersOf({ hsts: false })).not.toHaveProperty("strict-transport-security");
  });
});
