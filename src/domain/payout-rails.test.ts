import { describe, expect, it } from "vitest";
import { payoutsFor } from "./payout-rails";

// Countries are free text: a francophone Seer or vendor writes theirs in French (issue #45).
describe("payoutsFor", () => {
  it("knows a country written in French as in English", () => {
    for (const [english, french] of [
      ["Cameroon", "Cameroun"],
      ["Chad", "Tchad"],
      ["South Africa", "Afrique du Sud"],
      ["Equatorial Guinea", "Guinée équatoriale"],
      ["Central African Republic", "République centrafricaine"],
      ["Senegal", "Sénégal"],
      ["Benin", "Bénin"],
      ["Ivory Coast", "Côte d’Ivoire"],
      ["Germany", "Allemagne"],
      ["United States", "États-Unis"],
    ]) {
      expect(payoutsFor(french ?? ""), french).toEqual(payoutsFor(english ?? ""));
    }
    expect(payoutsFor("Cameroun")).toMatchObject({ rail: "flutterwave", currency: "XAF", code: "CM" });
    expect(payoutsFor("Afrique du Sud")).toMatchObject({ rail: "paystack", currency: "ZAR" });
    expect(payoutsFor("Allemagne")).toMatchObject({ rail: "stripe", code: "DE" });
  });

  it("pays a country it does not know to a US-dollar bank account", () => {
    expect(payoutsFor("Atlantis")).toEqual({ rail: "flutterwave", currency: "USD", kinds: ["bank"], code: "" });
  });
});
