import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notifications } from "@mantine/notifications";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers, type Resolver } from "../../test/msw";
import { renderApp } from "../../test/render";
import { PRODUCT_PAGE_SIZE } from "../../../src/domain/pages";
import { categories, product, productDetail, signedInUser } from "./testData";

const products = [
  product({ id: "p-1", name: "Impepho Incense Bundle", price: "10.00", origin: "South Africa" }),
  product({
    id: "p-2",
    name: "Gankogui Double Bell",
    slug: "gankogui-double-bell",
    price: "35.50",
    origin: "Ghana",
    stockQuantity: 0,
  }),
];

/** A visitor's shop whose listing answers with `list`; `calls` collects what each listing call asked for. */
function serveShop(list: Resolver<"shop.products">): unknown[] {
  const calls: unknown[] = [];
  server.use(
    ...trpcHandlers({
      "account.me": () => null,
      "shop.categories": () => categories,
      "shop.products": (input) => {
        calls.push(input);
        return list(input);
      },
    }),
  );
  return calls;
}

beforeEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

describe("/shop", () => {
  const originalLocation = window.location;
  afterEach(() => {
    Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
  });

  it("shows 8 skeletons, then product cards with GH₵ prices, origin badges and Add to Cart or a disabled Out of Stock", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "shop.categories": () => categories,
        "shop.products": async () => {
          await gate;
          return { items: products, nextCursor: null };
        },
      }),
    );
    renderApp("/shop");
    expect(await screen.findByRole("heading", { level: 1, name: "Sacred Market" })).toBeInTheDocument();
    expect(screen.getAllByTestId("product-skeleton")).toHaveLength(8);
    release();

    const cards = await screen.findAllByTestId("product-card");
    expect(cards).toHaveLength(2);
    const [incense, bell] = cards as [HTMLElement, HTMLElement];
    expect(within(incense).getByText("GH₵144.20")).toBeInTheDocument();
    expect(within(bell).getByText("GH₵511.91")).toBeInTheDocument();
    expect(within(incense).getByText("South Africa")).toBeInTheDocument();
    expect(within(incense).getByRole("link", { name: "Impepho Incense Bundle" })).toHaveAttribute(
      "href",
      "/shop/impepho-incense-bundle",
    );
    expect(within(incense).getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    expect(within(bell).getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  });

  it("searches and filters by category through the server, and Clear resets both", async () => {
    const calls = serveShop((input) => ({ items: input?.search === "nothing" ? [] : products, nextCursor: null }));
    const { router } = renderApp("/shop");
    await screen.findAllByTestId("product-card");
    const select = screen.getByRole("combobox", { name: "Category" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All Categories", "Sacred Herbs", "Ritual Tools"]);
    await userEvent.selectOptions(select, "Ritual Tools");
    await waitFor(() => expect(router.state.location.search).toEqual({ category: "c-tools" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Search" }), "nothing");
    expect(await screen.findByText("No products found matching your criteria")).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ search: "nothing", categoryId: "c-tools", limit: PRODUCT_PAGE_SIZE }));

    await userEvent.click(screen.getByRole("link", { name: "Clear" }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveValue("");
    expect(await screen.findAllByTestId("product-card")).toHaveLength(2);
  });

  it("reads on with Load more from the cursor of the last page, until the server says there is no more", async () => {
    const calls = serveShop((input) =>
      input?.cursor === "after-p2"
        ? { items: [product({ id: "p-3", name: "Kola Nut Pack", slug: "kola" })], nextCursor: null }
        : { items: products, nextCursor: "after-p2" },
    );
    renderApp("/shop");
    expect(await screen.findAllByTestId("product-card")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Load more" })).toHaveAttribute("href", "/shop?cursor=after-p2");
    await userEvent.click(screen.getByRole("link", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("product-card")).toHaveLength(3));
    expect(screen.getAllByRole("link", { name: /./ }).map((a) => a.getAttribute("href"))).toContain("/shop/kola");
    expect(screen.queryByRole("link", { name: "Load more" })).not.toBeInTheDocument();
    expect(calls.map((input) => (input as { cursor?: string | null }).cursor ?? null)).toEqual([null, "after-p2"]);
  });

  it("offers the first page when a list opened from an old Load more link cannot be read", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "shop.categories": () => categories,
        "shop.products": (input) =>
          input?.from === "stale"
            ? { error: { code: "BAD_REQUEST", message: "This page of the shop is no longer valid. Please reload the list." } }
            : { items: products, nextCursor: null },
      }),
    );
    renderApp("/shop?category=beads&cursor=stale");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not load products")).toBeInTheDocument();
    // A plain link: the browser asks the server for the first page of the same filters.
    expect(within(alert).getByRole("link", { name: "Back to the first page" })).toHaveAttribute("href", "/shop?category=beads");
  });

  it("adds to the cart with a toast, disables Add to Cart while the add is pending, and refreshes the cart badge", async () => {
    let cart: { id: string; quantity: number }[] = [];
    let release: () => void = () => {};
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInUser,
        "shop.categories": () => categories,
        "shop.products": () => ({
          items: [products[0] ?? product(), product({ id: "p-3", name: "Kola Nut Pack", slug: "kola" })],
          nextCursor: null,
        }),
        "cart.list": () =>
          cart.map((l) => ({
            ...l,
            productId: "p-1",
            product: { name: "Impepho", price: "10.00", imageUrl: null, slug: "impepho", stockQuantity: 12, isActive: true },
          })),
        "cart.add": async (input) => {
          await new Promise<void>((resolve) => (release = resolve));
          cart = [{ id: "line-1", quantity: input.quantity ?? 1 }];
          return { id: "line-1", productId: input.productId, quantity: 1 };
        },
      }),
    );
    renderApp("/shop");
    const buttons = await screen.findAllByRole("button", { name: "Add to Cart" });
    await userEvent.click(buttons[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: "Add to Cart" }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true),
    );
    release();
    expect(await screen.findByText("Added to Cart")).toBeInTheDocument();
    expect(screen.getByText("Product has been added to your cart")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Cart, 1 items" })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: "Add to Cart" }).every((b) => !(b as HTMLButtonElement).disabled)).toBe(true),
    );
  });

  it("tells a visitor to log in and sends them to /api/login after 500 ms, to come back to the address that adds the item", async () => {
    const assign = vi.fn();
    Object.defineProperty(window, "location", {
      configurable: true,
      value: { ...originalLocation, pathname: "/shop", search: "", assign },
    });
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "shop.categories": () => categories,
        "shop.products": () => ({ items: products, nextCursor: null }),
        "cart.add": () => ({ error: { code: "UNAUTHORIZED", message: "Unauthorized" } }),
      }),
    );
    renderApp("/shop");
    await userEvent.click(await screen.findByRole("button", { name: "Add to Cart" }, { timeout: 3000 }));
    expect(await screen.findByText("Please log in to add items to cart", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    const back = `/cart/add?productId=${products[0]?.id ?? ""}&quantity=1&locale=en`;
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent(back)}`), { timeout: 2000 });
  });
});

describe("/shop/{slug}", () => {
  it("shows the product: image, name, price, origin, spiritual use, description, stock state and Add to Cart", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "shop.product": () => productDetail({ stockQuantity: 3 }) }));
    renderApp("/shop/impepho-incense-bundle");
    expect(await screen.findByRole("heading", { level: 1, name: "Impepho Incense Bundle" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Impepho Incense Bundle" })).toHaveAttribute(
      "src",
      "/images/products/impepho-incense-bundle.svg",
    );
    expect(screen.getByText("$10.00")).toBeInTheDocument();
    expect(screen.getByText("Origin: South Africa")).toBeInTheDocument();
    expect(screen.getByText("Cleansing and calling the ancestors.")).toBeInTheDocument();
    expect(screen.getByText("Dried helichrysum burned to call the ancestors.")).toBeInTheDocument();
    expect(screen.getByText("Only 3 left in stock")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });

  it("disables Add to Cart when out of stock", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "shop.product": () => productDetail({ stockQuantity: 0 }) }));
    renderApp("/shop/impepho-incense-bundle");
    expect(await screen.findByRole("button", { name: "Out of Stock" })).toBeDisabled();
  });

  it("shows a clear not-found screen with a way back to the shop", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "shop.product": () => ({ error: { code: "NOT_FOUND", message: "Product Not Found" } }),
      }),
    );
    renderApp("/shop/nothing-here");
    expect(await screen.findByRole("heading", { name: "Product Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the Sacred Market" })).toHaveAttribute("href", "/shop");
  });

  it("reads in French: stock, origin, details, Add to Cart, the way back (issue #45)", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "shop.product": () => productDetail({ stockQuantity: 3 }) }));
    setFormatLocale("fr");
    try {
      renderApp("/fr/shop/impepho-incense-bundle", createI18n("fr", french));
      expect(await screen.findByRole("heading", { level: 1, name: "Impepho Incense Bundle" })).toBeInTheDocument();
      expect(screen.getByText(/^10,00\s\$$/)).toBeInTheDocument();
      expect(screen.getByText(/^Origine\s: South Africa$/)).toBeInTheDocument();
      expect(screen.getByText("Plus que 3 en stock")).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 2, name: "Usage spirituel" })).toBeInTheDocument();
      expect(screen.getByText(/Poids\s: 0,20\skg/)).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Ajouter au panier" })).toBeEnabled();
      const breadcrumb = screen.getByLabelText("Fil d’Ariane");
      expect(within(breadcrumb).getByRole("link", { name: "Marché sacré" })).toHaveAttribute("href", "/fr/shop");
      // Signed out: sign-in returns to the French address, and the form sent before the app's code names French.
      expect(screen.getByRole("link", { name: "Se connecter" })).toHaveAttribute(
        "href",
        `/api/login?returnTo=${encodeURIComponent("/fr/shop/impepho-incense-bundle")}`,
      );
      const form = screen.getByRole("button", { name: "Ajouter au panier" }).closest("form");
      expect(form?.querySelector("input[name=locale]")).toHaveValue("fr");
    } finally {
      setFormatLocale("en");
    }
  });

  it("says a missing product is not found, in French", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "shop.product": () => ({ error: { code: "NOT_FOUND", message: "Product Not Found" } }),
      }),
    );
    renderApp("/fr/shop/nothing-here", createI18n("fr", french));
    expect(await screen.findByRole("heading", { name: "Produit introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour au Marché sacré" })).toHaveAttribute("href", "/fr/shop");
    await waitFor(() => expect(document.title).toBe("Produit introuvable · Seer"));
  });
});

describe("/fr/shop", () => {
  it("reads in French: title, search and filters, cards, Add to Cart and a disabled Épuisé, the toast", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => [],
        "shop.categories": () => categories,
        "shop.products": () => ({ items: products, nextCursor: null }),
        "cart.add": (input) => ({ id: "line-1", productId: input.productId, quantity: 1 }),
      }),
    );
    renderApp("/fr/shop", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "Marché sacré" })).toBeInTheDocument();
    const search = screen.getByRole("search", { name: "Trouver un produit" });
    // Sent before the app's code has arrived, the search stays on the French page.
    expect(search).toHaveAttribute("action", "/fr/shop");
    expect(within(search).getByLabelText("Rechercher")).toHaveAttribute("placeholder", "Chercher des objets sacrés");
    expect(within(search).getByLabelText("Catégorie")).toHaveDisplayValue("Toutes les catégories");
    expect(within(search).getByRole("link", { name: "Effacer" })).toHaveAttribute("href", "/fr/shop");
    const cards = await screen.findAllByTestId("product-card");
    expect(within(cards[1] as HTMLElement).getByRole("button", { name: "Épuisé" })).toBeDisabled();
    await userEvent.click(within(cards[0] as HTMLElement).getByRole("button", { name: "Ajouter au panier" }));
    expect(await screen.findByText("Ajouté au panier")).toBeInTheDocument();
  });
});
