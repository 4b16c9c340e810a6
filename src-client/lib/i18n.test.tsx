import { compileMessage } from "@lingui/message-utils/compileMessage";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages as french } from "../../src/i18n/compiled/fr";
import { en } from "../../src/i18n/messages/en";
import { areas } from "../../src/i18n/messages/app";
import { signedInClient } from "../test/users";
import { categories, product, productDetail } from "../features/shop/testData";
import { filterOptionsData, pageOf, reviewData, seerData } from "../features/seers/testData";
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
 * language names (each in its own language), the year, and punctuation alone (a count's parentheses, a breadcrumb's
 * separator).
 */
const NOT_WORDS = /^(Seer|Facebook|Instagram|X|YouTube|[A-Z]{3}|—|English|Français|\d{4}|[()/])$/;

/**
 * Every visible text and label of the page that does not come from the catalog, but for `data`: what the page shows
 * of its data (names, what people wrote, prices, dates), which is not the product's words.
 */
function bypassing(root: HTMLElement, data: readonly (string | RegExp)[] = []): string[] {
  const isData = (text: string) => data.some((d) => (typeof d === "string" ? d === text : d.test(text)));
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? "";
    const inHidden = node.parentElement?.closest("script, style, [hidden]");
    if (text && !inHidden && !text.includes("⟦") && !NOT_WORDS.test(text) && !isData(text)) found.push(text);
  }
  for (const element of root.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(name)?.trim();
      if (value && !value.includes("⟦") && !NOT_WORDS.test(value) && !isData(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}

/** The sample testimonials' names, and their initials: names, not words. */
const TESTIMONIAL_NAMES = ["Adwoa K.", "Marcus T.", "Chiamaka O.", "A", "M", "C"];

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
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is where every text of the header, the footer and the home page comes from (pseudo-language)", async () => {
    serveHome();
    renderApp("/", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦Connect with Verified African Spiritual Guides⟧/ });
    await screen.findByRole("link", { name: /⟦Log In⟧/ });
    // The sections below the fold may have come by now (at once without an IntersectionObserver, as in jsdom).
    expect(bypassing(document.body, TESTIMONIAL_NAMES)).toEqual([]);
  });

  it("is where every text of the home page's sections below the fold comes from, but the Seers' and products' own", async () => {
    const seer = { ...seerData(), totalReviews: 12 };
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.featured": () => [seer],
        "shop.products": () => ({ items: [product()], nextCursor: null }),
      }),
    );
    // An observer that sees nothing come into view: the sections come with the first scroll, the carousel's code not
    // at all (its slides are drawn statically until then).
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderApp("/", pseudo);
    await screen.findAllByTestId("reserved-section");
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    await screen.findByTestId("featured-seer");
    await screen.findAllByTestId("testimonial");
    await screen.findByTestId("product-card");
    const data = [
      seer.fullName,
      "AO",
      seer.tradition,
      ...seer.specializations,
      /^\d\.\d$/,
      /^GH₵\d+\.\d\d$/,
      product().name,
      "South Africa",
      ...TESTIMONIAL_NAMES,
    ];
    expect(bypassing(document.body, data)).toEqual([]);
  });

  it("is where every text of a Seer's profile comes from, but what the Seer and their clients wrote (pseudo-language)", async () => {
    const seer = seerData({ totalReviews: 1 });
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": () => seer,
        "seers.reviews": () => [reviewData({ seerReply: "Thank you, Ama." })],
      }),
    );
    renderApp("/seers/seer-1", pseudo);
    await screen.findByRole("heading", { level: 1, name: seer.fullName });
    await screen.findByTestId("seer-review");
    const data = [
      seer.fullName,
      "AO",
      seer.tradition,
      seer.country,
      seer.languages.join(", "),
      ...seer.specializations,
      seer.biography,
      "Ama M.",
      "AM",
      "A wise and caring reading.",
      "Thank you, Ama.",
      /^\d\.\d$/,
      /^\$\d+\.\d\d$/,
      /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
    ];
    expect(bypassing(document.body, data)).toEqual([]);
  });

  it("is where every text of the shop and a product's page comes from, but the products' own (pseudo-language)", async () => {
    const detail = productDetail({ stockQuantity: 3 });
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "shop.categories": () => categories,
        "shop.products": () => ({ items: [product(), product({ id: "p-2", name: "Kola", slug: "kola", stockQuantity: 0 })], nextCursor: "next" }),
        "shop.product": () => detail,
      }),
    );
    const { unmount } = renderApp("/shop", pseudo);
    await screen.findAllByTestId("product-card");
    const shopData = [...categories.map((c) => c.name), product().name, "Kola", "South Africa", /^GH₵\d+\.\d\d$/];
    expect(bypassing(document.body, shopData)).toEqual([]);
    unmount();

    renderApp(`/shop/${detail.slug}`, pseudo);
    await screen.findByRole("heading", { level: 1, name: detail.name });
    const productData = [
      detail.name,
      detail.categoryName ?? "",
      detail.description,
      detail.spiritualUse ?? "",
      /^\$\d+\.\d\d$/,
    ];
    expect(bypassing(document.body, productData)).toEqual([]);
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
