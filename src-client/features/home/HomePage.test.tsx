import { act, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import type { Product } from "../shop";
import type { FeaturedSeer } from "./HomeSeerCard";

// jsdom has no IntersectionObserver; embla (the carousel) watches slides with one, and the home page watches the
// featured Seers to fetch the carousel when they come near the window. Nothing intersects until `comeIntoView`.
const observed: { target: Element; callback: IntersectionObserverCallback; observer: IntersectionObserver }[] = [];
function comeIntoView(target: Element) {
  for (const o of observed.filter((x) => x.target === target)) {
    const entry = { target, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry;
    act(() => o.callback([entry], o.observer));
  }
}
/** The visitor starts to scroll once the page is drawn: its sections below the first screen come. */
async function scrollDown() {
  await screen.findAllByTestId("reserved-section");
  act(() => {
    window.dispatchEvent(new Event("scroll"));
  });
  await waitFor(() => expect(screen.queryAllByTestId("reserved-section")).toHaveLength(0));
}
const original = window.IntersectionObserver;
beforeAll(() => {
  window.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = "";
    readonly thresholds = [];
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      observed.push({ target, callback: this.callback, observer: this });
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
});
afterAll(() => {
  window.IntersectionObserver = original;
});

const seer = (id: string, fullName: string, averageRating: string, overrides: Partial<FeaturedSeer> = {}): FeaturedSeer => ({
  id,
  userId: `user-${id}`,
  fullName,
  country: "Ghana",
  languages: ["English", "Twi", "Ga"],
  tradition: `${fullName} tradition`,
  specializations: ["Divination", "Ancestral Healing", "Dream Interpretation"],
  biography: "A trusted guide.",
  yearsOfPractice: 12,
  profileImageUrl: `/images/seers/${id}.svg`,
  price15Min: "25.00",
  price30Min: "45.00",
  price60Min: "80.00",
  timezone: "UTC",
  averageRating,
  totalReviews: 20,
  horizonDays: 90,
  ...overrides,
});

const product = (n: number): Product => ({
  id: `p-${n}`,
  name: `Sacred Item ${n}`,
  slug: `sacred-item-${n}`,
  description: "Handmade.",
  price: `${n}0.00`,
  currency: "USD",
  categoryId: null,
  origin: "Ghana",
  spiritualUse: null,
  imageUrl: `/images/products/item-${n}.svg`,
  stockQuantity: 5,
});

function serveHome(options: { seers?: FeaturedSeer[]; products?: Product[] } = {}) {
  const asked: { limit?: number }[] = [];
  server.use(
    ...trpcHandlers({
      "account.me": () => null,
      // Deliberately out of order: the page must still show the best rated first.
      "seers.featured": () =>
        options.seers ?? [
          seer("s-b", "Baba Sipho Mthembu", "4.70"),
          seer("s-a", "Nana Akosua Boateng", "4.95", { price15Min: null, profileImageUrl: null }),
          seer("s-c", "Yaay Fatou Ndiaye", "4.52"),
        ],
      "shop.products": (input) => {
        asked.push({ limit: input?.limit });
        return { items: options.products ?? Array.from({ length: 6 }, (_, i) => product(i + 1)), nextCursor: null };
      },
    }),
  );
  return asked;
}

describe("/ home", () => {
  it("shows the sections in the spec's order, with the hero, badges and call-to-action links", async () => {
    serveHome();
    renderApp("/");
    const main = await screen.findByRole("main");
    expect(
      await within(main).findByRole("heading", { level: 1, name: "Connect with Verified African Spiritual Guides" }),
    ).toBeInTheDocument();
    expect(
      within(main)
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      "Featured Spiritual Guides",
      "Why Choose Seer?",
      "How It Works",
      "What Our Clients Say",
      "Sacred Market",
      "Are You a Spiritual Guide?",
    ]);
    expect(within(main).getByRole("link", { name: "Browse Seers" })).toHaveAttribute("href", "/seers");
    expect(within(main).getByRole("link", { name: "Shop Sacred Items" })).toHaveAttribute("href", "/shop");
    expect(screen.getAllByTestId("trust-badge").map((b) => b.textContent)).toEqual([
      "Verified Seers",
      "Secure Bookings",
      "Global Access",
    ]);
    expect(within(main).getByRole("link", { name: "Browse All Products" })).toHaveAttribute("href", "/shop");
    expect(within(main).getByRole("link", { name: "Apply to Become a Seer" })).toHaveAttribute("href", "/become-seer");

    await scrollDown();
    const how = screen.getByRole("region", { name: "How It Works" });
    const steps = await within(how).findAllByRole("listitem");
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent("Browse Seers by specialty, country and language");
    expect(steps[1]).toHaveTextContent("Choose 15, 30 or 60 minutes");
    expect(steps[2]).toHaveTextContent("Book and pay");
    expect(steps[3]).toHaveTextContent("Receive a consultation link");
    expect(screen.getAllByTestId("testimonial")).toHaveLength(3);
    expect(within(screen.getByRole("region", { name: "Why Choose Seer?" })).getAllByRole("heading", { level: 3 })).toHaveLength(
      3,
    );
  });

  it("features the 3 top-rated Seers in descending rating, each with its card details and Book Now", async () => {
    serveHome();
    renderApp("/");
    await scrollDown();
    const carousel = await screen.findByRole("region", { name: "Featured Seers" });
    const cards = await within(carousel).findAllByTestId("featured-seer");
    expect(cards.map((c) => within(c).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Nana Akosua Boateng",
      "Baba Sipho Mthembu",
      "Yaay Fatou Ndiaye",
    ]);
    expect(cards.map((c) => within(c).getByTestId("featured-seer-rating").textContent)).toEqual([
      "5.0(20 reviews)",
      "4.7(20 reviews)",
      "4.5(20 reviews)",
    ]);

    const [first, second] = cards as [HTMLElement, HTMLElement, HTMLElement];
    // Tradition and only the first 2 specializations.
    expect(within(second).getByText("Baba Sipho Mthembu tradition")).toBeInTheDocument();
    expect(within(second).getByText("Divination")).toBeInTheDocument();
    expect(within(second).getByText("Ancestral Healing")).toBeInTheDocument();
    expect(within(second).queryByText("Dream Interpretation")).not.toBeInTheDocument();
    // The starting price is price15Min at the GH₵ display rate: 25.00 x 14.42.
    expect(within(second).getByTestId("featured-seer-price")).toHaveTextContent("GH₵360.50");
    const photo = within(second).getByRole("img", { name: "Portrait of Baba Sipho Mthembu" });
    expect(photo).toHaveAttribute("loading", "lazy");
    expect(photo).toHaveAttribute("width", "96");
    // Without a picture, a generated avatar; without a 15-minute price, the next shortest session.
    expect(within(first).getByRole("img", { name: "Portrait of Nana Akosua Boateng" })).toHaveTextContent("NB");
    expect(within(first).getByTestId("featured-seer-price")).toHaveTextContent("GH₵648.90");
    expect(within(first).getByRole("link", { name: "Book Now with Nana Akosua Boateng" })).toHaveAttribute("href", "/seers/s-a");
    expect(within(second).getByRole("link", { name: /^Book Now/ })).toHaveAttribute("href", "/seers/s-b");
  });

  it("lays the featured Seers out statically, then fetches the carousel when they come near the window", async () => {
    serveHome();
    renderApp("/");
    await scrollDown();
    const region = await screen.findByRole("region", { name: "Featured Seers" });
    expect(await within(region).findAllByTestId("featured-seer")).toHaveLength(3);
    expect(
      within(region)
        .getAllByRole("group")
        .map((g) => g.getAttribute("aria-label")),
    ).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    // The carousel's module is ready to use, yet the page does not ask for it while the Seers are far from the window.
    await import("./SeersCarousel");
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole("button", { name: "Next Seer" })).not.toBeInTheDocument();

    comeIntoView(region);
    expect(await screen.findByRole("button", { name: "Next Seer" })).toBeInTheDocument();
    const carousel = screen.getByRole("region", { name: "Featured Seers" });
    expect(within(carousel).getByRole("button", { name: "Previous Seer" })).toBeInTheDocument();
    expect(
      within(carousel)
        .getAllByTestId("featured-seer")
        .map((c) => within(c).getByRole("heading", { level: 3 }).textContent),
    ).toEqual(["Nana Akosua Boateng", "Baba Sipho Mthembu", "Yaay Fatou Ndiaye"]);
  });

  it("shows only 3 Seers even if more come back", async () => {
    serveHome({
      seers: [seer("a", "A One", "3.00"), seer("b", "B Two", "4.00"), seer("c", "C Three", "5.00"), seer("d", "D Four", "4.50")],
    });
    renderApp("/");
    await scrollDown();
    const cards = await screen.findAllByTestId("featured-seer");
    expect(cards.map((c) => within(c).getByRole("heading", { level: 3 }).textContent)).toEqual(["C Three", "D Four", "B Two"]);
  });

  it("previews the first 6 active products with GH₵ prices, asking the server for 6", async () => {
    const asked = serveHome();
    renderApp("/");
    await scrollDown();
    const market = await screen.findByRole("region", { name: "Sacred Market" });
    const cards = await within(market).findAllByTestId("product-card");
    expect(cards).toHaveLength(6);
    expect(asked).toEqual([{ limit: 6 }]);
    // 10.00 x 14.42 = 144.20; 60.00 x 14.42 = 865.20
    expect(cards[0]).toHaveTextContent("GH₵144.20");
    expect(cards[5]).toHaveTextContent("GH₵865.20");
    expect(within(cards[0] as HTMLElement).getByRole("link", { name: "Sacred Item 1" })).toHaveAttribute(
      "href",
      "/shop/sacred-item-1",
    );
    expect(within(market).queryByRole("button", { name: "Add to Cart" })).not.toBeInTheDocument();
  });

  it("keeps the page usable when the featured Seers and products cannot load", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.featured": () => ({ error: { code: "INTERNAL_SERVER_ERROR", message: "boom" } }),
        "shop.products": () => ({ error: { code: "INTERNAL_SERVER_ERROR", message: "boom" } }),
      }),
    );
    renderApp("/");
    await scrollDown();
    expect(await screen.findByText("Featured Seers are unavailable right now")).toBeInTheDocument();
    expect(await screen.findByText("The Sacred Market preview is unavailable right now")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse All Products" })).toHaveAttribute("href", "/shop");
  });

  it("fetches the sections below the first screen when the visitor starts to scroll, and their data with the page", async () => {
    // Their module is ready to use, yet the page does not ask for it before the visitor moves.
    await import("./BelowTheFold");
    const asked = serveHome();
    renderApp("/");
    const how = await screen.findByRole("region", { name: "How It Works" });
    await waitFor(() => expect(asked).toEqual([{ limit: 6 }]));
    // Each section keeps its place, empty, under its heading.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getAllByTestId("reserved-section")).toHaveLength(5);
    expect(within(how).queryAllByRole("listitem")).toHaveLength(0);
    expect(screen.queryByTestId("featured-seer")).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    expect(await within(how).findAllByRole("listitem")).toHaveLength(4);
    expect(await screen.findAllByTestId("featured-seer")).toHaveLength(3);
    expect(await screen.findAllByTestId("product-card")).toHaveLength(6);
    expect(screen.queryByTestId("reserved-section")).not.toBeInTheDocument();
    // The data asked for with the page is the data shown: not asked for again.
    expect(asked).toEqual([{ limit: 6 }]);
  });

  it("fetches them too when one of their places comes near the window (a tall window, a jump down the page)", async () => {
    serveHome();
    renderApp("/");
    const reserved = await screen.findAllByTestId("reserved-section");
    const market = reserved[reserved.length - 1] as HTMLElement;
    comeIntoView(market);
    expect(await screen.findAllByTestId("product-card")).toHaveLength(6);
    expect(screen.getAllByTestId("testimonial")).toHaveLength(3);
  });

  it("draws its sections below the first screen in French, the Seers' cards and ratings too (issue #45)", async () => {
    serveHome();
    setFormatLocale("fr");
    try {
      renderApp("/fr", createI18n("fr", french));
      await screen.findByRole("heading", { level: 1, name: "Rencontrez des guides spirituels africains vérifiés" });
      await scrollDown();
      const how = screen.getByRole("region", { name: "Comment ça marche" });
      const steps = await within(how).findAllByRole("listitem");
      expect(steps[0]).toHaveTextContent("Étape 1");
      expect(steps[0]).toHaveTextContent("Parcourez les Seers par spécialité, pays et langue");
      const why = screen.getByRole("region", { name: "Pourquoi choisir Seer\u202f?" });
      expect(within(why).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
        "Authenticité vérifiée",
        "Privé et sûr",
        "Juste envers nos guides",
      ]);
      const [testimonial] = screen.getAllByTestId("testimonial");
      expect(testimonial).toHaveTextContent("Londres, Royaume-Uni");
      expect(within(testimonial as HTMLElement).getByRole("img", { name: "Noté 5 sur 5" })).toBeInTheDocument();
      const carousel = await screen.findByRole("region", { name: "Seers à la une" });
      const cards = await within(carousel).findAllByTestId("featured-seer");
      expect(cards.map((c) => within(c).getByTestId("featured-seer-rating").textContent)).toEqual([
        "5,0(20 avis)",
        "4,7(20 avis)",
        "4,5(20 avis)",
      ]);
      const second = cards[1] as HTMLElement;
      expect(second).toHaveTextContent("À partir de");
      expect(within(second).getByRole("link", { name: "Réserver avec Baba Sipho Mthembu" })).toHaveAttribute(
        "href",
        "/fr/seers/s-b",
      );
      expect(within(second).getByRole("img", { name: "Portrait de Baba Sipho Mthembu" })).toBeInTheDocument();
      expect(await screen.findAllByTestId("product-card")).toHaveLength(6);
    } finally {
      setFormatLocale("en");
    }
  });
});
