import { afterEach, describe, expect, it } from "vitest";
import { formatMinor, withThousands } from "../domain/currencies";
import { formatMoney } from "../domain/money";
import { setFormatLocale } from "./format-locale";

// Issue #45: numbers and money in the page's language; English exactly as before.

afterEach(() => setFormatLocale("en"));

describe("formats in the page's language", () => {
  it("writes English as before", () => {
    expect(formatMoney("1234.56", "USD")).toBe("$1,234.56");
    expect(formatMoney("50.00", "GHS")).toBe("GH₵50.00");
    expect(withThousands(12345)).toBe("12,345");
  });

  it("writes French with Intl: spaces between thousands, decimal commas, the symbol after", () => {
    setFormatLocale("fr");
    const nbsp = /[\u00a0\u202f]/g;
    expect(formatMoney("1234.56", "USD").replace(nbsp, " ")).toBe("1 234,56 $");
    expect(formatMoney("50.00", "GHS").replace(nbsp, " ")).toBe("50,00 GH₵");
    expect(withThousands(12345).replace(nbsp, " ")).toBe("12 345");
    expect(formatMinor(500000, "XOF").replace(nbsp, " ")).toBe("500 000 F CFA");
  });
});
