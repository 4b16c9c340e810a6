import { getCountryCallingCode } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { showPhone, toE164 } from "./phone";
import { PHONE_COUNTRIES } from "./phone-countries";

describe("phone numbers (issue #44)", () => {
  it("stores a number typed nationally or internationally in E.164, for its own country only", () => {
    expect(toE164("GH", "024 123 4567")).toBe("+233241234567");
    expect(toE164("GH", "+233 24 123 4567")).toBe("+233241234567");
    expect(toE164("KE", "0712 345678")).toBe("+254712345678");
    expect(toE164("NG", "0803 123 4567")).toBe("+2348031234567");
    // Too short, letters, another country's number.
    expect(toE164("GH", "024 123")).toBeNull();
    expect(toE164("GH", "call me")).toBeNull();
    expect(toE164("GH", "+254 712 345678")).toBeNull();
  });

  it("shows a stored number in international format", () => {
    expect(showPhone("+233241234567")).toBe("+233 24 123 4567");
  });

  it("lists each country with its own calling code", () => {
    for (const [code, , dial] of PHONE_COUNTRIES) expect(getCountryCallingCode(code), code).toBe(dial);
    expect(new Set(PHONE_COUNTRIES.map(([code]) => code)).size).toBe(PHONE_COUNTRIES.length);
  });
});
