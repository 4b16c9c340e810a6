import { compileMessage } from "@lingui/message-utils/compileMessage";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages as french } from "../../src/i18n/compiled/fr";
import { en } from "../../src/i18n/messages/en";
import { areas } from "../../src/i18n/messages/app";
import { signedInClient } from "../test/users";
import { filterOptionsData, pageOf, seerData } from "../features/seers/testData";
import { server, trpcHandlers } from "../test/msw";
import { renderApp } from "../test/render";
import { createI18n, type AppI18n } from "./i18n";

// Issue #45: the pages converted so far read every visible text from the catalog, and read French in French.

/**
 * The pseudo-language: every text of the catalogs (the public one and the app's), marked. A visible text without the
 * marks bypassed the catalog.
 */
const pseudo: AppI18n = {
  ...createI18n(
    "en",
    Object.fromEntries(
      [en, ...Object.values(areas).map((area) => area.en)]
        .flatMap((messages) => Object.entries(messages))
        .map(([id, message]) => [id, compileMessage(message, (text) => `⟦${text}⟧`)]),
    ),
  ),
  // Every catalog is here already: fetching the app's English one would write over its marks.
  ensureApp: () => Promise.resolve(),
};

/**
 * Texts that are not the product's words: the brand and the social networks' names, currency codes, the switcher's
 * language names (each in its own language) and the year.
 */
const NOT_WORDS = /^(Seer|Facebook|Instagram|X|YouTube|[A-Z]{3}|—|English|Français|\d{4})$/;

/** Every visible text and label of the page that does not come from the catalog (but the `data` shown as it is). */
function bypassing(root: HTMLElement, data: readonly string[] = []): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? "";
    const inHidden = node.parentElement?.closest("script, style, [hidden]");
    if (text && !inHidden && !text.includes("⟦") && !NOT_WORDS.test(text) && !data.includes(text)) found.push(text);
  }
  for (const element of root.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(name)?.trim();
      if (value && !value.includes("⟦") && !NOT_WORDS.test(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}

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

  it("is where every text of the booking's success page comes from (pseudo-language)", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInClient,
        "cart.list": () => [],
        "bookings.confirmPayment": () => ({ bookingId: "b-1", status: "confirmed" as const, meetingLink: "/meeting/b-1" }),
        "bookings.byId": () => ({
          id: "b-1",
          seerId: "seer-1",
          seerName: "Iya Adunni Olawale",
          clientId: "u-client",
          sessionType: "60min" as const,
          scheduledDate: "2026-12-01",
          scheduledTime: "09:00",
          clientTimezone: "Africa/Lagos",
          seerTimezone: "UTC",
          startsAt: new Date("2026-12-01T08:00:00Z"),
          endsAt: new Date("2026-12-01T09:00:00Z"),
          amount: "1250.00",
          chargeCurrency: "USD" as const,
          chargeAmount: null,
          platformFee: "250.00",
          seerEarnings: "1000.00",
          status: "confirmed" as const,
          consultationLink: "/meeting/b-1",
          notes: null,
          createdAt: new Date("2026-11-24T08:00:00Z"),
        }),
      }),
    );
    renderApp("/booking/success/pi_123", pseudo);
    const details = await screen.findByRole("region", { name: "⟦Your booking⟧" });
    await within(details).findByText("Iya Adunni Olawale");
    // The booking's own data: the Seer's name, its day and amount (formatted, not words of the product).
    // The page's own texts (the signed-in header's are another screen's).
    expect(bypassing(screen.getByRole("main"), ["Iya Adunni Olawale", "Tuesday, December 1, 2026", "$1,250.00"])).toEqual([]);
  });

  it("is where every text of the booking wizard's review comes from (pseudo-language)", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInClient,
        "cart.list": () => [],
        "seers.byId": ({ id }) => seerData({ id }),
        "payments.config": () => ({ provider: "test", publishableKey: null, mobileMoney: true }),
      }),
    );
    renderApp("/book/seer-1?step=review&date=2026-11-23&time=10:00", pseudo);
    await screen.findByRole("heading", { name: "⟦Review Your Booking⟧" });
    // The booking's own data: the Seer's name, the day, the price and the next steps' numbers.
    const data = ["Ama Serwaa Owusu", "Monday, November 23, 2026", "$45.00", "· $45.00", "2", "3"];
    expect(bypassing(screen.getByRole("main"), data)).toEqual([]);
  });
});
