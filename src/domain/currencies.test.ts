import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  DEFAULT_RATES,
  fromUsdCents,
  isCurrency,
  MINOR_DIGITS,
  parseRate,
  rateText,
  toUsdCents,
  USD_RATE,
  type Currency,
} from "./currencies";

describe("rates", () => {
  it("are read exactly as stored, six decimals at most, and written back the same", () => {
    expect(parseRate("GHS", "14.42")).toEqual({ currency: "GHS", micros: 14_420_000n });
    expect(parseRate("XOF", "605.123456")).toEqual({ currency: "XOF", micros: 605_123_456n });
    expect(rateText(parseRate("NGN", "1530.5"))).toBe("1530.500000");
    expect(rateText(USD_RATE)).toBe("1.000000");
  });

  it("refuse zero, negatives, more than six decimals, words, and a dollar worth anything but a dollar", () => {
    for (const bad of ["0", "0.000000", "-14.42", "14.4200001", "abc", "", "1e3", "14,42"]) {
      expect(() => parseRate("GHS", bad), bad).toThrow(RangeError);
    }
    expect(() => parseRate("USD", "1.01")).toThrow(RangeError);
    expect(parseRate("USD", "1")).toEqual(USD_RATE);
  });
});

describe("converting", () => {
  it("turns US cents into each currency's minor units, rounded half up, francs having none", () => {
    const ghs = parseRate("GHS", "14.42");
    expect(fromUsdCents(4500, ghs)).toBe(64_890); // $45.00 -> GH₵648.90
    expect(fromUsdCents(1, ghs)).toBe(14); // 14.42 pesewas
    expect(fromUsdCents(-4500, ghs)).toBe(-64_890);
    const xof = parseRate("XOF", "605.5");
    expect(fromUsdCents(4500, xof)).toBe(27_248); // 272.475 * 100 = 27247.5 -> 27248 francs
    expect(fromUsdCents(1, xof)).toBe(6); // 6.055 francs
    expect(fromUsdCents(4500, USD_RATE)).toBe(4500);
    expect(MINOR_DIGITS.XAF).toBe(0);
  });

  it("turns an amount of a currency back into US cents at the same rate: the book value of a charge or a refund", () => {
    const ghs = parseRate("GHS", "14.42");
    expect(toUsdCents(64_890, ghs)).toBe(4500);
    expect(toUsdCents(10_000, ghs)).toBe(693); // GH₵100 = $6.9348 -> 693 cents
    expect(toUsdCents(27_248, parseRate("XOF", "605.5"))).toBe(4500);
    expect(toUsdCents(1, parseRate("XAF", "605.5"))).toBe(0);
  });

  it("refuses amounts that are not whole minor units, and results beyond safe integers", () => {
    const ghs = parseRate("GHS", "14.42");
    expect(() => fromUsdCents(1.5, ghs)).toThrow(RangeError);
    expect(() => toUsdCents(0.1, ghs)).toThrow(RangeError);
    expect(() => fromUsdCents(Number.MAX_SAFE_INTEGER, parseRate("NGN", "1500"))).toThrow(RangeError);
  });

  it("gives back the same US cents after a round trip whenever one cent buys more than one minor unit", () => {
    const rateAbove = fc
      .tuple(fc.constantFrom(...CURRENCIES.filter((c) => c !== "USD")), fc.integer({ min: 1, max: 5_000_000_000 }))
      .map(([currency, micros]) => ({ currency, micros: BigInt(micros) }))
      // One cent is rate * 10^digits / 100 minor units: more than one, so half a minor unit is under half a cent.
      .filter((r) => r.micros * 10n ** BigInt(MINOR_DIGITS[r.currency]) > 100n * 1_000_000n);
    fc.assert(
      fc.property(rateAbove, fc.integer({ min: -10_000_000, max: 10_000_000 }), (rate, cents) => {
        expect(toUsdCents(fromUsdCents(cents, rate), rate)).toBe(cents);
      }),
    );
  });

  // Decision 133: a booking charged in a local currency keeps its US price as book value; the charge and its refunds
  // come back to book cents exactly because each currency's minor unit is smaller than a US cent at its rate.
  it("at every default rate, a minor unit is worth less than a cent and a charge comes back to its price exactly", () => {
    const defaults = Object.entries(DEFAULT_RATES).map(([currency, text]) => parseRate(currency as Currency, text));
    expect(defaults.map((r) => r.currency).sort()).toEqual(CURRENCIES.filter((c) => c !== "USD").sort());
    for (const rate of defaults) {
      // Minor units per cent, in millionths: above one (and above two, so that two roundings stay under half a cent).
      expect(rate.micros * 10n ** BigInt(MINOR_DIGITS[rate.currency])).toBeGreaterThan(200n * 1_000_000n);
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...defaults),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (rate, price, percent) => {
          const charge = fromUsdCents(price, rate);
          expect(toUsdCents(charge, rate)).toBe(price);
          // A partial refund asked in the charge's currency, and the rest of the charge refunded after it: their book
          // values add up to the price, to the cent.
          const refund = Math.min(charge, fromUsdCents(Math.round((price * percent) / 100), rate));
          expect(toUsdCents(refund, rate) + toUsdCents(charge - refund, rate)).toBe(price);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("never strays more than half a minor unit from the exact value", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 1, max: 5_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (currency, micros, cents) => {
          const rate = currency === "USD" ? USD_RATE : { currency, micros: BigInt(micros) };
          const minor = BigInt(fromUsdCents(cents, rate));
          // exact = cents * micros * 10^digits / (100 * 10^6); |minor - exact| <= 1/2, compared in integers.
          const scale = 100n * 1_000_000n;
          const exactTimesScale = BigInt(cents) * rate.micros * 10n ** BigInt(MINOR_DIGITS[currency]);
          const off = minor * scale - exactTimesScale;
          expect((off < 0n ? -off : off) * 2n <= scale).toBe(true);
        },
      ),
    );
  });

  it("knows exactly the seven currencies of the product", () => {
    expect([...CURRENCIES]).toEqual(["USD", "GHS", "NGN", "KES", "ZAR", "XOF", "XAF"]);
    expect(isCurrency("XAF")).toBe(true);
    expect(isCurrency("EUR")).toBe(false);
  });
});
