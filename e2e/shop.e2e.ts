import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, signUpNew } from "./support";

interface ListedProduct {
  id: string;
  name: string;
  slug: string;
  price: string;
  stockQuantity: number;
}

const productsOf = async (page: Page): Promise<ListedProduct[]> =>
  (await (await page.request.get("/api/products")).json()) as ListedProduct[];
const stockOf = async (page: Page, id: string) => (await productsOf(page)).find((p) => p.id === id)?.stockQuantity;
const lineOf = (page: Page, name: string) => page.getByTestId("cart-line").filter({ hasText: name });

describe("Sacred Market journey", () => {
  it("a shopper adds two products, changes quantities, removes one, checks out with express shipping, pays and finds the cart empty and the stock lowered", async () => {
    const page = await openPage();
    await signUpNew(page, "/shop");
    const [first, second] = (await productsOf(page)).filter((p) => p.stockQuantity >= 5);
    if (!first || !second) throw new Error("the demo data needs two products with at least 5 in stock");

    // Add both from the listing.
    for (const product of [first, second]) {
      const card = page.getByTestId("product-card").filter({ hasText: product.name });
      await card.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByText("Product has been added to your cart").first().waitFor();
      await expect.poll(() => card.getByRole("button", { name: "Add to Cart" }).isEnabled()).toBe(true);
    }
    await page.getByRole("link", { name: "Cart, 2 items" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");

    // Three of the first; none of the second.
    const firstLine = lineOf(page, first.name);
    await firstLine.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => firstLine.getByTestId("line-quantity").textContent()).toBe("2");
    await firstLine.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => firstLine.getByTestId("line-quantity").textContent()).toBe("3");
    await firstLine.getByRole("button", { name: "Decrease quantity" }).click();
    await expect.poll(() => firstLine.getByTestId("line-quantity").textContent()).toBe("2");
    await firstLine.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => firstLine.getByTestId("line-quantity").textContent()).toBe("3");
    await lineOf(page, second.name)
      .getByRole("button", { name: `Remove ${second.name}` })
      .click();
    await page.getByText("Product has been removed from your cart").waitFor();
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    await expect.poll(() => page.getByRole("link", { name: "Cart, 3 items" }).count()).toBe(1);

    // Checkout with express shipping.
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await page.getByRole("textbox", { name: "Full Name" }).fill("Esi Tester");
    await page.getByRole("textbox", { name: "Email" }).fill("esi@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("+233 24 000 0000");
    await page.getByRole("textbox", { name: "Shipping Address" }).fill("4 Cocoa Lane\nKumasi\nGhana");
    await page.getByRole("radio", { name: "Express Shipping ($25)" }).check();
    const subtotalCents = Math.round(Number(first.price) * 100) * 3;
    const total = `$${((subtotalCents + 2500) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(total);
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
    await page.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/34");
    await page.getByRole("textbox", { name: "CVC" }).fill("123");
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await page.getByRole("heading", { name: "Order Placed Successfully!" }).waitFor();
    await page.waitForURL(/\/order\/success\/[^/]+$/);

    // The cart is empty and the stock went down by exactly what was bought.
    await page.goto("/cart");
    await page.getByText("Your cart is empty").waitFor();
    expect(await stockOf(page, first.id)).toBe(first.stockQuantity - 3);
    expect(await stockOf(page, second.id)).toBe(second.stockQuantity);
    expect(page.consoleErrors).toEqual([]);
  });

  it("on a phone, a visitor sees the shop's first 24 products, oldest first, and Load more brings the next ones", async () => {
    const page = await openPage({ width: 360, height: 780 });
    await page.goto("/shop");
    const names = () => page.getByTestId("product-card").getByRole("heading").allTextContents();
    const listed = (await productsOf(page)).map((p) => p.name);
    if (listed.length <= 24) throw new Error("the demo data needs more than 24 active products");
    expect(await names()).toEqual(listed.slice(0, 24));

    await page.getByRole("link", { name: "Load more" }).click();
    await expect.poll(async () => (await names()).length).toBeGreaterThan(24);
    const shown = await names();
    expect(shown).toEqual((await productsOf(page)).map((p) => p.name).slice(0, shown.length));
    expect(new Set(shown).size).toBe(shown.length);
    expect(page.consoleErrors).toEqual([]);
  });
});
