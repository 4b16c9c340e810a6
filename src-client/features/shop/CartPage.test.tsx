import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { cartLine, signedInUser } from "./testData";
import type { CartLineData } from "./types";


beforeEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

/** A small in-memory cart behind the procedures, so refetches show what the server now holds. */
function cartServer(initial: CartLineData[], options: { failUpdate?: string; failRemove?: string } = {}) {
  let lines = initial;
  const calls: string[] = [];
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInUser,
      "cart.list": () => {
        calls.push("list");
        return lines;
      },
      "cart.setQuantity": ({ id, quantity }) => {
        calls.push(`set:${id}:${quantity}`);
        if (options.failUpdate) return { error: { code: "CONFLICT", message: options.failUpdate } };
        lines = lines.map((l) => (l.id === id ? { ...l, quantity } : l));
        return { id, productId: "p", quantity };
      },
      "cart.remove": ({ id }) => {
        calls.push(`remove:${id}`);
        if (options.failRemove) return { error: { code: "NOT_FOUND", message: options.failRemove } };
        lines = lines.filter((l) => l.id !== id);
        return { id };
      },
    }),
  );
  return calls;
}

const lineNamed = (name: string) => screen.getAllByTestId("cart-line").find((el) => within(el).queryByText(name)) as HTMLElement;

describe("/cart", () => {
  it("shows each line with image, name, unit price, quantity controls, line total and remove, and the Order Summary", async () => {
    cartServer([
      cartLine({ id: "a", name: "Kente Stole", price: "35.50", quantity: 2, stockQuantity: 5, imageUrl: "/images/kente.svg" }),
      cartLine({ id: "b", name: "Black Soap", price: "0.10", quantity: 1, stockQuantity: 1 }),
    ]);
    renderApp("/cart");
    expect(await screen.findByRole("heading", { level: 1, name: "Your Cart" })).toBeInTheDocument();
    const kente = await waitFor(() => lineNamed("Kente Stole"));
    expect(within(kente).getByRole("img", { name: "Kente Stole" })).toHaveAttribute("src", "/images/kente.svg");
    expect(within(kente).getByText("$35.50 each")).toBeInTheDocument();
    expect(within(kente).getByTestId("line-quantity")).toHaveTextContent("2");
    expect(within(kente).getByTestId("line-total")).toHaveTextContent("$71.00");
    expect(within(kente).getByRole("button", { name: "Remove Kente Stole" })).toBeEnabled();

    const soap = lineNamed("Black Soap");
    // At 1 the minus is disabled; at the stock the plus is.
    expect(within(soap).getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    expect(within(soap).getByRole("button", { name: "Increase quantity" })).toBeDisabled();

    expect(screen.getByRole("heading", { name: "Order Summary" })).toBeInTheDocument();
    expect(screen.getByTestId("summary-subtotal")).toHaveTextContent("$71.10");
    expect(screen.getByText("Calculated at checkout")).toBeInTheDocument();
    expect(screen.getByTestId("summary-total")).toHaveTextContent("$71.10");
    expect(screen.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    // The header's signed-in controls come with their own chunk (Header.tsx).
    expect(await screen.findByRole("link", { name: "Cart, 3 items" })).toBeInTheDocument();
  });

  it("changes quantities and refetches the cart (and the header badge) after each change", async () => {
    const calls = cartServer([cartLine({ id: "a", name: "Kente Stole", price: "35.50", quantity: 2, stockQuantity: 5 })]);
    renderApp("/cart");
    await screen.findByTestId("cart-line");
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    await waitFor(() => expect(screen.getByTestId("line-quantity")).toHaveTextContent("3"));
    expect(screen.getByTestId("summary-subtotal")).toHaveTextContent("$106.50");
    expect(await screen.findByRole("link", { name: "Cart, 3 items" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Decrease quantity" }));
    await waitFor(() => expect(screen.getByTestId("line-quantity")).toHaveTextContent("2"));
    expect(calls.filter((c) => c.startsWith("set:"))).toEqual(["set:a:3", "set:a:2"]);
    expect(calls.filter((c) => c === "list").length).toBeGreaterThanOrEqual(3);
  });

  it("shows 'Failed to update quantity' when the server refuses", async () => {
    cartServer([cartLine({ id: "a", name: "Kente Stole", quantity: 1, stockQuantity: 5 })], {
      failUpdate: "Only 1 of Kente Stole is in stock",
    });
    renderApp("/cart");
    await userEvent.click(await screen.findByRole("button", { name: "Increase quantity" }));
    expect(await screen.findByText("Failed to update quantity")).toBeInTheDocument();
    expect(screen.getByTestId("line-quantity")).toHaveTextContent("1");
  });

  it("removes a line with 'Item Removed', and shows 'Your cart is empty' when nothing is left", async () => {
    cartServer([cartLine({ id: "a", name: "Kente Stole", quantity: 1 })]);
    renderApp("/cart");
    await userEvent.click(await screen.findByRole("button", { name: "Remove Kente Stole" }));
    expect(await screen.findByText("Item Removed")).toBeInTheDocument();
    expect(screen.getByText("Product has been removed from your cart")).toBeInTheDocument();
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
  });

  it("shows 'Failed to remove item' when removing fails", async () => {
    cartServer([cartLine({ id: "a", name: "Kente Stole", quantity: 1 })], { failRemove: "Cart item not found" });
    renderApp("/cart");
    await userEvent.click(await screen.findByRole("button", { name: "Remove Kente Stole" }));
    expect(await screen.findByText("Failed to remove item")).toBeInTheDocument();
  });

  it("offers a visitor the login instead of a cart", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/cart");
    expect(await screen.findByText("Please log in to view your cart")).toBeInTheDocument();
    expect(
      screen.getAllByRole("link", { name: "Log In" }).some((a) => a.getAttribute("href") === "/api/login?returnTo=%2Fcart"),
    ).toBe(true);
  });
});

/** A line of each kind: on sale, over its stock, sold out, no longer sold. */
const everyKind = () => [
  cartLine({ id: "a", name: "Kente Stole", price: "35.50", quantity: 2, stockQuantity: 5 }),
  cartLine({ id: "b", name: "Black Soap", price: "1234.10", quantity: 3, stockQuantity: 2 }),
  cartLine({ id: "c", name: "Shea Butter", price: "4.00", quantity: 1, stockQuantity: 0 }),
  cartLine({ id: "d", name: "Cowrie Shells", price: "8.00", quantity: 1, isActive: false }),
];

describe("/cart in the pseudo-language (issue #45)", () => {
  it("draws every text of its own from the catalog", async () => {
    cartServer(everyKind());
    renderApp("/cart", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦Your Cart⟧/ });
    await screen.findAllByTestId("cart-line");
    const main = document.querySelector("main") as HTMLElement;
    expect(bypassing(main, /^(Kente Stole|Black Soap|Shea Butter|Cowrie Shells|\$[\d,.]+|\d+)$/)).toEqual([]);
  });

  it("asks a visitor to log in from the catalog", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/cart", pseudo);
    await screen.findByText(/⟦Please log in to view your cart⟧/);
    expect(bypassing(document.querySelector("main") as HTMLElement)).toEqual([]);
  });
});

describe("/cart in French (issue #45)", () => {
  afterEach(() => setFormatLocale("en"));

  it("draws the lines, their notices and the Order Summary in French, money as French writes it", async () => {
    setFormatLocale("fr");
    cartServer(everyKind());
    renderApp("/fr/cart", createI18n("fr", { ...frenchPublic, ...frenchApp }));
    expect(await screen.findByRole("heading", { level: 1, name: "Votre panier" })).toBeInTheDocument();
    const kente = await waitFor(() => lineNamed("Kente Stole"));
    // Testing Library reads every space as a plain one: French's no-break spaces match " ".
    expect(within(kente).getByText("35,50 $ l’unité")).toBeInTheDocument();
    expect(within(kente).getByRole("button", { name: "Retirer Kente Stole" })).toBeInTheDocument();
    expect(within(kente).getByRole("group", { name: "Quantité de Kente Stole" })).toBeInTheDocument();
    expect(within(lineNamed("Black Soap")).getByText("Plus que 2 en stock.")).toBeInTheDocument();
    expect(within(lineNamed("Black Soap")).getByTestId("line-total")).toHaveTextContent("3 702,30 $");
    expect(within(lineNamed("Shea Butter")).getByText("Épuisé.")).toBeInTheDocument();
    expect(within(lineNamed("Cowrie Shells")).getByText(/^Ce produit n’est plus disponible\./)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Récapitulatif de la commande" })).toBeInTheDocument();
    expect(screen.getByText("Calculée au paiement")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Passer la commande" })).toBeInTheDocument();
  });
});
