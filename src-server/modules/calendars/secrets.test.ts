import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../platform/config";
import { decryptSecret, encryptSecret } from "./secrets";

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", SESSION_SECRET: "s".repeat(32), ...env });

describe("the calendar key and private addresses (CALENDAR_SECRET_KEY, CALENDAR_ALLOW_PRIVATE_ADDRESSES)", () => {
  it("takes a 64-hex-character key, and refuses another", () => {
    expect(load({ CALENDAR_SECRET_KEY: "ab".repeat(32) }).calendars.secretKey).toEqual(Buffer.from("ab".repeat(32), "hex"));
    expect(() => load({ CALENDAR_SECRET_KEY: "short" })).toThrow(ConfigError);
    expect(() => load({ CALENDAR_SECRET_KEY: "short" })).toThrow("CALENDAR_SECRET_KEY must be 64 hexadecimal characters (32 bytes)");
  });

  it("derives a key when unset: a fixed one outside production, one from the session secret in production", () => {
    const dev = load({}).calendars.secretKey;
    expect(dev).toHaveLength(32);
    expect(load({}).calendars.secretKey).toEqual(dev);
    const prod = load({ NODE_ENV: "production" }).calendars.secretKey;
    expect(prod).toHaveLength(32);
    expect(prod).not.toEqual(dev);
    expect(load({ NODE_ENV: "production", SESSION_SECRET: "t".repeat(32) }).calendars.secretKey).not.toEqual(prod);
  });

  it("allows private addresses outside production only, unless told", () => {
    expect(load({}).calendars.allowPrivateAddresses).toBe(true);
    expect(load({ NODE_ENV: "production" }).calendars.allowPrivateAddresses).toBe(false);
    expect(load({ NODE_ENV: "production", CALENDAR_ALLOW_PRIVATE_ADDRESSES: "true" }).calendars.allowPrivateAddresses).toBe(true);
    expect(load({ CALENDAR_ALLOW_PRIVATE_ADDRESSES: "false" }).calendars.allowPrivateAddresses).toBe(false);
  });
});

describe("a stored CalDAV password (AES-256-GCM)", () => {
  const key = Buffer.alloc(32, 7);

  it("reads back under its key, differs each time, and shows nothing of the password", () => {
    const a = encryptSecret(key, "correct horse");
    const b = encryptSecret(key, "correct horse");
    expect(a).not.toBe(b);
    expect(a).not.toContain("correct");
    expect(decryptSecret(key, a)).toBe("correct horse");
    expect(decryptSecret(key, b)).toBe("correct horse");
  });

  it("is unreadable (null, not an exception) under another key, changed, or not in its format", () => {
    const stored = encryptSecret(key, "correct horse");
    expect(decryptSecret(Buffer.alloc(32, 8), stored)).toBeNull();
    const [v, iv, tag, body = ""] = stored.split(".");
    // The first character, not the last: a last base64url character carries bits the decoding drops, so changing it
    // could leave the bytes as they were (the test then failed about once in a few runs).
    const flipped = `${body.startsWith("A") ? "B" : "A"}${body.slice(1)}`;
    expect(decryptSecret(key, [v, iv, tag, flipped].join("."))).toBeNull();
    expect(decryptSecret(key, "plain text")).toBeNull();
  });
});
