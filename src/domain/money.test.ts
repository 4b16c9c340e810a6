import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATES, formatMinor, fromUsdCents, parseRate } from "./currencies";
import { addCents, cents, formatGhs, formatMoney, multiplyCents, percentOf, priceIn, toCents, toDecimal, withThousands } from "./money";

describe("money", () => {
  it("parses decimal strings and numbers into integer cents", () => {
    expect(toCents("45.00")).toBe(4500);
    expect(toCents("0.1")).toBe(10);
    expect(toCents("19.99")).toBe(1999);
    expect(toCents(12.5)).toBe(1250);
    expect(toCents("-3.05")).toBe(-305);
  });

  it("refuses amounts with more than two decimals or that are not numbers", () => {
    expect(() => toCents("1.999")).toThrow(RangeError);
    expect(() => toCents("abc")).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(1e21)).toThrow(RangeError);
  });

  it("adds 0.1 and 0.2 exactly, unlike floating point", () => {
    expect(toDecimal(addCents(toCents("0.10"), toCents("0.20")))).toBe("0.30");
  });

  it("multiplies by quantities and takes percentages to the cent", () => {
    expect(toDecimal(multiplyCents(toCents("19.99"), 3))).toBe("59.97");
    expect(toDecimal(percentOf(toCents("45.00"), 20))).toBe("9.00");
    expect(toDecimal(percentOf(toCents("33.33"), 20))).toBe("6.67");
    expect(() => multiplyCents(cents(100), 1.5)).toThrow(RangeError);
  });

  it("shows GH₵ as the stored amount times 14.42 with two decimals", () => {
    expect(formatGhs("10.00")).toBe("GH₵144.20");
    expect(formatGhs("45.00")).toBe("GH₵648.90");
    expect(formatGhs("19.99")).toBe("GH₵288.26"); // 288.2558 rounds up
    expect(formatGhs("0.01")).toBe("GH₵0.14");
    // Thousands separators, as every amount on every screen.
    expect(formatGhs("120.00")).toBe("GH₵1,730.40");
    expect(formatMoney("1234.50")).toBe("$1,234.50");
  });

  it("formats other amounts with the currency formatter", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
  });
});

describe("formatMoney without Intl", () => {
  it("writes exactly what Intl writes for en-US with narrow symbols, for dollars and cedis, any amount", () => {
    for (const currency of ["USD", "GHS"]) {
      const intl = new Intl.NumberFormat("en-US", { style: "currency", currency, currencyDisplay: "narrowSymbol" });
      fc.assert(
        fc.property(fc.integer({ min: -1e13, max: 1e13 }), (c) => {
          expect(formatMoney(cents(c), currency)).toBe(intl.format(c / 100));
        }),
        { numRuns: 2000 },
      );
      for (const c of [0, 1, 9, 10, 99, 100, 99999, 100000, 123456789, -1, -100000]) {
        expect(formatMoney(cents(c), currency)).toBe(intl.format(c / 100));
      }
    }
  });

  it("still formats another currency through Intl", () => {
    expect(formatMoney("1234.50", "EUR")).toBe("€1,234.50");
  });
});

describe("withThousands", () => {
  it("writes whole numbers as en-US does", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        expect(withThousands(n)).toBe(n.toLocaleString("en-US"));
      }),
    );
    expect(withThousands(89900)).toBe("89,900");
    expect(withThousands(0)).toBe("0");
  });
});

describe("priceIn: a US-dollar price in the currency the person chose (issue #41)", () => {
  const rates = { ...DEFAULT_RATES, KES: "129.250000" };
  it("is what a charge in that currency asks, converted at the same rate", () => {
    for (const usdCents of [1, 99, 4500, 8900, 123_456]) {
      for (const currency of ["GHS", "NGN", "KES", "ZAR", "XOF", "XAF"] as const) {
        const charged = fromUsdCents(usdCents, parseRate(currency, rates[currency]));
        expect(priceIn(cents(usdCents), currency, rates)).toBe(formatMinor(charged, currency));
      }
    }
  });
  it("reads as the product writes each currency, and US dollars stay the price itself", () => {
    expect(priceIn("45.00", "GHS", rates)).toBe(formatGhs("45.00"));
    expect(priceIn("45.00", "KES", rates)).toBe("KSh5,816.25");
    expect(priceIn("45.00", "USD", rates)).toBe("$45.00");
  });
});
