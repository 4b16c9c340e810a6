import { schemaResolver } from "@mantine/form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages as frenchApp } from "../../src/i18n/compiled/app-fr";
import { messages as french } from "../../src/i18n/compiled/fr";
import { englishI18n } from "./english";
import { createI18n } from "./i18n";
import { inPageLanguage } from "./validation";

// Issue #45: a form checks its values with the server's schema; its field messages are in the page's language.

const profile = z.object({
  fullName: z.string().min(1, "Full name is required"),
  businessName: z.string().min(1, "Business name is required"),
  note: z.string().max(2, "A text no catalog holds"),
});
const invalid = { fullName: "", businessName: "", note: "long" };

const inFrench = createI18n("fr", { ...french, ...frenchApp });

describe("a form's field messages", () => {
  it("are the catalog's French on a French page, a field's name included, and English otherwise", () => {
    const validate = inPageLanguage(schemaResolver(profile, { sync: true }), inFrench.t);
    expect(validate(invalid)).toEqual({
      fullName: "Le nom complet est obligatoire",
      businessName: "Le champ «\u00a0Nom de l’entreprise\u00a0» est obligatoire",
      note: "A text no catalog holds",
    });
    const english = inPageLanguage(schemaResolver(profile, { sync: true }), englishI18n.t);
    expect(english(invalid)).toEqual({
      fullName: "Full name is required",
      businessName: "Business name is required",
      note: "A text no catalog holds",
    });
  });
});
