import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { schemaResolver } from "@mantine/form";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { messages as french } from "../../src/i18n/compiled/fr";
import { createI18n } from "./i18n";
import { inPageLanguage, loadValidationMessages } from "./validation";
import { server, trpcHandlers } from "../test/msw";
import { renderApp } from "../test/render";

// Issue #45: a form checks its values with the server's schema; its field messages are in the page's language.

const profile = z.object({
  fullName: z.string().min(1, "Full name is required"),
  businessName: z.string().min(1, "Business name is required"),
  note: z.string().max(2, "A text no catalog holds"),
});
const invalid = { fullName: "", businessName: "", note: "long" };

describe("a form's field messages", () => {
  beforeEach(() => {
    document.documentElement.lang = "fr";
  });
  afterEach(() => {
    document.documentElement.lang = "";
  });

  it("are the catalog's French on a French page, a field's name included, and English otherwise", async () => {
    await loadValidationMessages("fr");
    const validate = inPageLanguage(schemaResolver(profile, { sync: true }));
    expect(validate(invalid)).toEqual({
      fullName: "Le nom complet est obligatoire",
      businessName: "Le champ «\u00a0Nom de l’entreprise\u00a0» est obligatoire",
      note: "A text no catalog holds",
    });
    document.documentElement.lang = "en";
    expect(validate(invalid)).toEqual({
      fullName: "Full name is required",
      businessName: "Business name is required",
      note: "A text no catalog holds",
    });
  });

  it("show in French in a form of the app", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "cart.list": () => [] }));
    await loadValidationMessages("fr");
    renderApp("/fr/forgot-password", createI18n("fr", french));
    const email = await screen.findByRole("textbox", { name: /email/i });
    await userEvent.type(email, "nope");
    await userEvent.click(screen.getByRole("button", { name: /send reset link/i }));
    expect(await screen.findByText("Saisissez une adresse e-mail valable")).toBeInTheDocument();
  });
});
