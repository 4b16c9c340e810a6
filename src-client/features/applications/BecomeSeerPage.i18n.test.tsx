import { notifications } from "@mantine/notifications";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";

const client = {
  id: "u-1",
  email: "esi@example.com",
  firstName: "Esi",
  lastName: "Tester",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};

function signedIn(mine: { id: string; status: "pending"; createdAt: Date } | null = null) {
  server.use(...trpcHandlers({ "account.me": () => client, "cart.list": () => [], "applications.mine": () => mine }));
}
const uploadAnswers = (answer: () => Response) => server.use(http.post(`${TEST_ORIGIN}/api/upload/id-document`, answer));
const pdf = () => new File(["%PDF-1.4 test"], "passport.pdf", { type: "application/pdf" });

// The app's language and its format language, as main.tsx sets them for a French page.
const french = () => {
  setFormatLocale("fr");
  return createI18n("fr", { ...frenchPublic, ...frenchApp });
};

describe("/become-seer in French (issue #45)", () => {
  beforeEach(() => notifications.clean());
  afterEach(() => setFormatLocale("en"));
  // Testing Library reads every space as a plain one: the French no-break spaces match " ".

  it("draws the application's fields, its tags and its upload in French", async () => {
    signedIn();
    uploadAnswers(() => HttpResponse.json({ url: "/api/uploads/3f2b0c1e-1234-4abc-8def-0123456789ab" }));
    const user = userEvent.setup({ delay: null });
    renderApp("/fr/become-seer", french());
    const form = await screen.findByRole("form", { name: "Candidature de Seer" });
    expect(screen.getByRole("heading", { level: 1, name: "Devenir Seer" })).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Nom complet/)).toHaveAttribute("placeholder", "Vos nom et prénoms");
    expect(within(form).getByLabelText(/^E-mail de contact/)).toHaveAttribute("type", "email");
    expect(within(form).getByLabelText(/^Années de pratique/)).toHaveAttribute("placeholder", "ex.\u00a0: 10");
    expect(within(form).getByText("Appuyez sur Entrée ou sur Ajouter après chaque élément")).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Spécialités/), "Divination{Enter}");
    expect(within(form).getByRole("button", { name: "Retirer Divination" })).toBeInTheDocument();
    await user.upload(within(form).getByLabelText(/^Pièce d’identité/), pdf());
    expect(await within(form).findByText("Fichier envoyé : passport.pdf")).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Envoyer la candidature" })).toBeInTheDocument();
  });

  it("says when the upload failed, in French", async () => {
    signedIn();
    uploadAnswers(() => new HttpResponse(null, { status: 500 }));
    const user = userEvent.setup({ delay: null });
    renderApp("/fr/become-seer", french());
    await user.upload(await screen.findByLabelText(/^Pièce d’identité/), pdf());
    expect(await screen.findByText("Échec de l’envoi")).toBeInTheDocument();
    expect(screen.getAllByText("La pièce d’identité n’a pas pu être envoyée. Veuillez réessayer.").length).toBeGreaterThan(0);
  });

  it("says an application is under review, in French", async () => {
    signedIn({ id: "a-1", status: "pending", createdAt: new Date() });
    renderApp("/fr/become-seer", french());
    expect(await screen.findByText("Candidature en cours d’examen")).toBeInTheDocument();
    expect(
      screen.getByText("Votre candidature a été envoyée pour examen. Nous vous contacterons par e-mail."),
    ).toBeInTheDocument();
  });
});

/** What the page shows that is not its own words: what the applicant typed, the file's name, a required field's mark. */
const NOT_ITS_WORDS = /^(Divination|passport\.pdf|\*)$/;

describe("/become-seer in the pseudo-language (issue #45)", () => {
  beforeEach(() => notifications.clean());

  it("draws every text of the form, its tags and its upload from the catalog", async () => {
    signedIn();
    uploadAnswers(() => HttpResponse.json({ url: "/api/uploads/3f2b0c1e-1234-4abc-8def-0123456789ab" }));
    const user = userEvent.setup({ delay: null });
    renderApp("/become-seer", pseudo);
    const form = await screen.findByRole("form", { name: /⟦Seer application⟧/ });
    await user.type(within(form).getByLabelText(/Specializations/), "Divination{Enter}");
    await user.upload(within(form).getByLabelText(/ID Document/), pdf());
    await within(form).findByText(/Uploaded: /);
    expect(bypassing(screen.getByRole("main"), NOT_ITS_WORDS)).toEqual([]);
  });

  it("draws the notice of an application under review from the catalog", async () => {
    signedIn({ id: "a-1", status: "pending", createdAt: new Date() });
    renderApp("/become-seer", pseudo);
    await screen.findByText(/Application under review/);
    expect(bypassing(screen.getByRole("main"), NOT_ITS_WORDS)).toEqual([]);
  });
});
