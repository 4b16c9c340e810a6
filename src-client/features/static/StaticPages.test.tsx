import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { createI18n } from "../../lib/i18n";

beforeEach(() => {
  server.use(...trpcHandlers({ "account.me": () => null }));
});
afterEach(() => {
  server.events.removeAllListeners();
});

describe("/about", () => {
  it("shows the mission, the story and the four values", async () => {
    renderApp("/about");
    expect(await screen.findByRole("heading", { level: 1, name: "About Seer" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Our Mission" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Our Story" })).toBeInTheDocument();
    const values = screen.getByRole("region", { name: "Our Values" });
    expect(
      within(values)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Authenticity", "Respect", "Accessibility", "Community"]);
  });
});

describe("/contact", () => {
  it("shows the support and Seer-application addresses and the FAQ note", async () => {
    renderApp("/contact");
    expect(await screen.findByRole("heading", { level: 1, name: "Contact Us" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "support@seer.local" })).toHaveAttribute("href", "mailto:support@seer.local");
    expect(screen.getByRole("link", { name: "seers@seer.local" })).toHaveAttribute("href", "mailto:seers@seer.local");
    expect(screen.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInTheDocument();
  });

  it("requires all four fields at browser level, with an e-mail type", async () => {
    renderApp("/contact");
    const form = await screen.findByRole("form", { name: "Contact form" });
    for (const name of ["Name", "Email", "Subject", "Message"]) {
      expect(within(form).getByRole("textbox", { name: new RegExp(`^${name}`) })).toBeRequired();
    }
    expect(within(form).getByRole("textbox", { name: /^Email/ })).toHaveAttribute("type", "email");
  });

  it("sends the message to the server, then thanks the person and clears the form", async () => {
    const sent: unknown[] = [];
    server.use(...trpcHandlers({ "account.me": () => null, "contact.send": (input) => (sent.push(input), { id: "m1" }) }));
    renderApp("/contact");
    const form = await screen.findByRole("form", { name: "Contact form" });
    await fill(form);
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Thank you for your message!");
    expect(sent).toEqual([
      {
        name: "Kofi Boateng",
        email: "kofi@example.com",
        subject: "A question about my booking",
        message: "Can I move my session to next week?",
      },
    ]);
    expect(within(form).getByRole("textbox", { name: /^Name/ })).toHaveValue("");
    expect(within(form).getByRole("textbox", { name: /^Message/ })).toHaveValue("");
  });

  it("shows a refusal inside the form with the focus on it, and keeps what was typed", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "contact.send": () => ({ error: { code: "BAD_REQUEST", message: "Please write your message" } }),
      }),
    );
    renderApp("/contact");
    const form = await screen.findByRole("form", { name: "Contact form" });
    await fill(form);
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent("Please write your message");
    expect(alert).toHaveFocus();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: /^Subject/ })).toHaveValue("A question about my booking");
  });
});

async function fill(form: HTMLElement) {
  await userEvent.type(within(form).getByRole("textbox", { name: /^Name/ }), "Kofi Boateng");
  await userEvent.type(within(form).getByRole("textbox", { name: /^Email/ }), "kofi@example.com");
  await userEvent.type(within(form).getByRole("textbox", { name: /^Subject/ }), "A question about my booking");
  await userEvent.type(within(form).getByRole("textbox", { name: /^Message/ }), "Can I move my session to next week?");
}

describe("/terms", () => {
  it("is dated 30 October 2025 and has 14 numbered sections", async () => {
    renderApp("/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    expect(screen.getByText("Last updated: 30 October 2025")).toBeInTheDocument();
    const sections = screen.getAllByRole("heading", { level: 2 }).filter((h) => /^\d+\. /.test(h.textContent ?? ""));
    expect(sections.map((h) => Number(h.textContent?.split(".")[0]))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });

  it("states every rule of the spec", async () => {
    renderApp("/terms");
    await screen.findByRole("heading", { level: 1, name: "Terms of Service" });
    const text = document.querySelector("main")?.textContent ?? "";
    for (const rule of [
      "20% platform commission",
      "Cancellation more than 24 hours before the session: full refund",
      "within 24 hours of the session: a 50% cancellation fee",
      "No-shows: if you do not attend a booked session, the full fee is forfeited",
      "within 7 days of delivery",
      "with photo evidence",
      "The minimum age is 18",
      "within one year",
      "Monday to Friday, 9AM to 6PM GMT",
    ]) {
      expect(text).toContain(rule);
    }
  });
});

describe("/privacy", () => {
  it("says what is collected, that card data stays with the processor, retention, rights and contact", async () => {
    renderApp("/privacy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    for (const heading of [
      "2. What We Collect",
      "3. Card Payments",
      "6. How Long We Keep It",
      "7. Your Rights",
      "10. Contact and Changes",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument();
    }
    const text = document.querySelector("main")?.textContent ?? "";
    expect(text).toContain("ID documents are used only to verify the applicant and can be opened only by our admins");
    expect(text).toContain("never sent to or stored on our servers");
    for (const right of ["Access", "Correct", "Delete"]) expect(text).toContain(right);
    expect(text).toContain("support@seer.local");
  });
});

describe("/fr/about and /fr/contact", () => {
  it("read in French (issue #45)", async () => {
    renderApp("/fr/about", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "À propos de Seer" })).toBeInTheDocument();
    const values = screen.getByRole("region", { name: "Nos valeurs" });
    expect(
      within(values)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Authenticité", "Respect", "Accessibilité", "Communauté"]);
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Devenir Seer" })).toHaveAttribute(
      "href",
      "/fr/become-seer",
    );
  });

  it("sends the contact form and thanks in French", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "contact.send": () => ({ id: "m1" }) }));
    renderApp("/fr/contact", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "Nous contacter" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Conditions d’utilisation" })).toHaveAttribute(
      "href",
      "/fr/terms",
    );
    const form = screen.getByRole("form", { name: "Formulaire de contact" });
    await userEvent.type(within(form).getByLabelText(/^Nom/), "Awa");
    await userEvent.type(within(form).getByLabelText(/^E-mail/), "awa@example.com");
    await userEvent.type(within(form).getByLabelText(/^Objet/), "Une question");
    await userEvent.type(within(form).getByLabelText(/^Message/), "Bonjour");
    await userEvent.click(within(form).getByRole("button", { name: "Envoyer le message" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Merci pour votre message");
  });
});

describe("/fr/terms and /fr/privacy", () => {
  it("give the same rules in French, 14 sections and 10, linking to the French contact page", async () => {
    renderApp("/fr/terms", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "Conditions d’utilisation" })).toBeInTheDocument();
    expect(document.body.textContent).toContain("Dernière mise à jour\u202f: 30 octobre 2025");
    const sections = screen.getAllByRole("heading", { level: 2 }).filter((h) => /^\d+\. /.test(h.textContent ?? ""));
    expect(sections).toHaveLength(14);
    const terms = document.querySelector("main")?.textContent ?? "";
    for (const rule of [
      "commission de plateforme de 20\u202f%",
      "Annulation plus de 24\u00a0heures avant la séance\u202f: remboursement intégral",
      "des frais d’annulation de 50\u202f%",
      "la totalité du prix est perdue",
      "dans les 7\u00a0jours suivant la livraison",
      "L’âge minimum est de 18 ans",
      "dans un délai d’un an",
      "du lundi au vendredi, de 9\u00a0h à 18\u00a0h GMT",
    ]) {
      expect(terms).toContain(rule);
    }
    expect(terms).not.toContain("Cancellation");
    expect(screen.getByRole("link", { name: "page de contact" })).toHaveAttribute("href", "/fr/contact");

    renderApp("/fr/privacy", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "3. Paiements par carte" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "10. Contact et modifications" })).toBeInTheDocument();
    const privacy = screen.getByRole("heading", { level: 1, name: "Politique de confidentialité" }).closest("main")?.textContent ?? "";
    expect(privacy).toContain("ne sont jamais envoyés ni conservés sur nos serveurs");
    expect(privacy).not.toContain("What We Collect");
  });
});
