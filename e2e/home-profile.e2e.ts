import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, signUpNew, textedCode } from "./support";

/** A tRPC mutation through the documented transport (superjson body under `json`). */
async function trpcMutation<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/trpc/${path}`, { data: { json: input } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** The next date (YYYY-MM-DD, UTC) at least two days ahead that falls on a weekday. */
function nextWeekday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe("home page and profile", () => {
  it("the home page shows the 3 best-rated Seers in order and the first 6 products in GH₵", async () => {
    const page = await openPage();
    await page.goto("/");
    // As a visitor does: the sections under the first screen come when the page is scrolled to them.
    await page.getByRole("heading", { name: "Featured Spiritual Guides" }).scrollIntoViewIfNeeded();
    const seers = page.getByTestId("featured-seer");
    await expect.poll(() => seers.count()).toBe(3);
    const ratings = (await page.getByTestId("featured-seer-rating").allTextContents()).map((t) => Number(/\d+\.\d/.exec(t)?.[0]));
    expect(ratings).toHaveLength(3);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);

    // The directory's first three (best rated first) are the featured three.
    const featuredNames = await seers.getByRole("heading").allTextContents();
    const products = page.getByTestId("product-card");
    await expect.poll(() => products.count()).toBe(6);
    for (const text of await products.allTextContents()) expect(text).toMatch(/GH₵\d{1,3}(,\d{3})*\.\d{2}/);
    await page.goto("/seers");
    const cards = page.getByTestId("seer-card");
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    const directoryTop = await Promise.all([0, 1, 2].map((i) => cards.nth(i).getByRole("heading").first().textContent()));
    expect(directoryTop).toEqual(featuredNames);
    expect(page.consoleErrors).toEqual([]);
  });

  it("/profile lists a booking and an order that the user made in the same test", async () => {
    const page = await openPage();
    await signUpNew(page);
    const request = page.request;

    // A consultation: the first Seer of the directory, a weekday 10:00 in UTC, paid with the test card.
    const seers = (await (await request.get("/api/seers")).json()) as {
      id: string;
      fullName: string;
      price30Min: string | null;
    }[];
    const seer = seers.find((s) => s.price30Min);
    if (!seer) throw new Error("no Seer with a 30-minute price");
    let booking: { clientSecret: string } | undefined;
    for (const time of ["10:00", "11:00", "12:00", "14:00", "16:00"]) {
      const response = await request.post("/api/create-payment-intent", {
        data: {
          amount: Number(seer.price30Min),
          seerId: seer.id,
          sessionType: "30min",
          scheduledDate: nextWeekday(),
          scheduledTime: time,
          notes: "Profile journey",
          clientTimezone: "UTC",
        },
      });
      if (response.ok()) {
        booking = (await response.json()) as { clientSecret: string };
        break;
      }
    }
    if (!booking) throw new Error("no free slot for the profile journey");
    const paidBooking = await trpcMutation<{ status: string }>(request, "payments.confirmTestCard", {
      clientSecret: booking.clientSecret,
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
    });
    expect(paidBooking.status).toBe("succeeded");

    // An order: one product in stock, standard shipping, paid with the test card.
    const products = (await (await request.get("/api/products")).json()) as {
      id: string;
      name: string;
      price: string;
      stockQuantity: number;
    }[];
    const product = products.find((p) => p.stockQuantity > 2);
    if (!product) throw new Error("no product in stock");
    expect((await request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
    const subtotal = Number(product.price);
    const order = await request.post("/api/create-order-payment", {
      data: {
        shippingName: "Esi Tester",
        shippingEmail: "esi@example.com",
        shippingPhone: "+233 20 000 0000",
        shippingAddress: "1 Independence Avenue\nAccra",
        shippingMethod: "standard",
        subtotal: subtotal.toFixed(2),
        shippingCost: "10.00",
        total: (subtotal + 10).toFixed(2),
        items: [{ productId: product.id, productName: product.name, quantity: 1, price: product.price }],
      },
    });
    expect(order.status(), await order.text()).toBe(200);
    const { clientSecret, orderNumber } = (await order.json()) as { clientSecret: string; orderNumber: string };
    const paidOrder = await trpcMutation<{ status: string }>(request, "payments.confirmTestCard", {
      clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    expect(paidOrder.status).toBe("succeeded");

    await page.goto("/profile");
    const consultation = page.getByTestId("consultation").filter({ hasText: seer.fullName });
    await expect.poll(() => consultation.count()).toBe(1);
    expect(await consultation.getByRole("link", { name: /Meeting Room/ }).count()).toBe(1);
    const orderCard = page.getByTestId("order").filter({ hasText: orderNumber });
    await expect.poll(() => orderCard.count()).toBe(1);
    expect(await orderCard.textContent()).toContain(product.name);
    expect(page.consoleErrors).toEqual([]);
  });

  it("/profile confirms a phone number with the code texted to it, then turns SMS on (issue #44)", async () => {
    const page = await openPage();
    await signUpNew(page, "/profile");
    const section = page.getByRole("region", { name: "Phone number for SMS" });
    await section.getByRole("combobox", { name: "Country" }).selectOption("GH");
    await section.getByRole("textbox", { name: "Phone number" }).fill("024 123 4567");
    await section.getByRole("button", { name: "Send code" }).click();
    await section.getByText("We sent a 6-digit code to +233 24 123 4567. It expires in 10 minutes.").waitFor();
    await section.getByRole("textbox", { name: "Code" }).fill(await textedCode("+233241234567"));
    await section.getByRole("button", { name: "Confirm number" }).click();
    await section.getByText("+233 24 123 4567 is confirmed.").waitFor();
    await section.getByRole("switch", { name: "Confirmations and reminders by SMS" }).click();
    await expect.poll(() => section.getByRole("switch", { name: "Confirmations and reminders by SMS" }).isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => section.getByRole("switch", { name: "Confirmations and reminders by SMS" }).isChecked()).toBe(true);
    expect(page.consoleErrors).toEqual([]);
  });
});
