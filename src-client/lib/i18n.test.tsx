import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages as french } from "../../src/i18n/compiled/fr";
import { filterOptionsData, pageOf } from "../features/seers/testData";
import { server, trpcHandlers } from "../test/msw";
import { bypassing, pseudo } from "../test/pseudo";
import { renderApp } from "../test/render";
import { createI18n } from "./i18n";

// Issue #45: the pages converted so far read every visible text from the catalog, and read French in French.

function serveHome() {
  server.use(
    ...trpcHandlers({
      "account.me": () => null,
      "seers.featured": () => [],
      "shop.products": () => ({ items: [], nextCursor: null }),
    }),
  );
}

describe("the catalog", () => {
  it("is where every text of the header, the footer and the home page comes from (pseudo-language)", async () => {
    serveHome();
    renderApp("/", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦Connect with Verified African Spiritual Guides⟧/ });
    await screen.findByRole("link", { name: /⟦Log In⟧/ });
    expect(bypassing(document.body)).toEqual([]);
  });

  it("finds a text that bypasses it", () => {
    const root = document.createElement("div");
    root.innerHTML = `<p>⟦Translated⟧</p><p>Forgotten</p><button aria-label="Close"></button><span>Seer</span>`;
    expect(bypassing(root)).toEqual(["Forgotten", 'aria-label="Close"']);
  });

  it("draws the home page in French, its links at their French addresses, with the switch back to English", async () => {
    serveHome();
    renderApp("/fr", createI18n("fr", french));
    await screen.findByRole("heading", { level: 1, name: "Rencontrez des guides spirituels africains vérifiés" });
    const nav = screen.getByRole("navigation", { name: "Principale" });
    expect(within(nav).getByRole("link", { name: "Nos Seers" })).toHaveAttribute("href", "/fr/seers");
    expect(screen.getByRole("link", { name: "Accueil de Seer" })).toHaveAttribute("href", "/fr");
    const switchers = screen.getAllByRole("button", { name: "English" });
    expect(switchers.length).toBeGreaterThan(0);
    const form = switchers[0]?.closest("form");
    expect(form).toHaveAttribute("action", "/language");
    expect(form?.querySelector('input[name="locale"]')).toHaveValue("en");
    expect(form?.querySelector('input[name="next"]')).toHaveValue("/");
    expect(screen.getByText(/Tous droits réservés/)).toBeInTheDocument();
    // The first page's title is the server's; after a navigation inside the app the title is French too, not the
    // English name of the page.
    server.use(...trpcHandlers({ "seers.filterOptions": () => filterOptionsData, "seers.list": () => pageOf([]) }));
    await userEvent.click(within(nav).getByRole("link", { name: "Nos Seers" }));
    await waitFor(() => expect(document.title).toBe("Nos Seers · Seer"));
  });

  it("draws the directory's own texts in French", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.filterOptions": () => filterOptionsData,
        "seers.list": () => pageOf([]),
      }),
    );
    renderApp("/fr/seers", createI18n("fr", french));
    await screen.findByRole("heading", { level: 1, name: "Nos Seers" });
    expect(screen.getByLabelText("Pays")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Effacer les filtres" })).toHaveAttribute("href", "/fr/seers");
    expect(await screen.findByText("Aucun Seer ne correspond à vos critères")).toBeInTheDocument();
  });
});
