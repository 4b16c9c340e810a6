import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";

/** The local payout rails' and exchange rates' settings (issue #40): unset, the built-in test modes serve. */
const base = { NODE_ENV: "test", SESSION_SECRET: "s".repeat(32) } as const;
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe("payout rails configuration", () => {
  it("has no rail and no rates source when nothing is set (test mode serves)", () => {
    const config = load({});
    expect(config.paystack).toBeNull();
    expect(config.flutterwave).toBeNull();
    expect(config.exchangeRatesUrl).toBeNull();
  });

  it("treats empty values as unset", () => {
    const config = load({ PAYSTACK_SECRET_KEY: " ", FLUTTERWAVE_SECRET_KEY: "", EXCHANGE_RATES_URL: "" });
    expect(config.paystack).toBeNull();
    expect(config.flutterwave).toBeNull();
    expect(config.exchangeRatesUrl).toBeNull();
  });

  it("uses Paystack with its key, at its own API unless another address is given", () => {
    expect(load({ PAYSTACK_SECRET_KEY: "sk_live_x" }).paystack).toEqual({
      secretKey: "sk_live_x",
      baseUrl: "https://api.paystack.co",
    });
    expect(load({ PAYSTACK_SECRET_KEY: "sk_live_x", PAYSTACK_BASE_URL: "http://127.0.0.1:4010" }).paystack).toEqual({
      secretKey: "sk_live_x",
      baseUrl: "http://127.0.0.1:4010",
    });
  });

  it("uses Flutterwave with its key and secret hash, at its own API unless another address is given", () => {
    expect(load({ FLUTTERWAVE_SECRET_KEY: "FLWSECK-x", FLUTTERWAVE_SECRET_HASH: "hash" }).flutterwave).toEqual({
      secretKey: "FLWSECK-x",
      secretHash: "hash",
      baseUrl: "https://api.flutterwave.com",
    });
    expect(
      load({
        FLUTTERWAVE_SECRET_KEY: "FLWSECK-x",
        FLUTTERWAVE_SECRET_HASH: "hash",
        FLUTTERWAVE_BASE_URL: "https://flw.proxy.test",
      }).flutterwave?.baseUrl,
    ).toBe("https://flw.proxy.test");
  });

  it("refuses a Flutterwave key without the secret hash its webhooks are checked with", () => {
    expect(() => load({ FLUTTERWAVE_SECRET_KEY: "FLWSECK-x" })).toThrow(ConfigError);
    expect(() => load({ FLUTTERWAVE_SECRET_KEY: "FLWSECK-x" })).toThrow(/FLUTTERWAVE_SECRET_HASH/);
  });

  it("reads the exchange rates address, and refuses one that is not an http(s) URL", () => {
    expect(load({ EXCHANGE_RATES_URL: "https://rates.example.test/latest" }).exchangeRatesUrl).toBe(
      "https://rates.example.test/latest",
    );
    expect(() => load({ EXCHANGE_RATES_URL: "ftp://rates.example.test" })).toThrow(/EXCHANGE_RATES_URL/);
    expect(() => load({ PAYSTACK_SECRET_KEY: "k", PAYSTACK_BASE_URL: "not a url" })).toThrow(/PAYSTACK_BASE_URL/);
    expect(() => load({ FLUTTERWAVE_BASE_URL: "api.flutterwave.com" })).toThrow(/FLUTTERWAVE_BASE_URL/);
  });
});
