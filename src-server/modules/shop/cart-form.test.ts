import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../db/seed/factories";
import { cartAddPath } from "../../../src/domain/pages";
import { createTestApp, signUp, trpcData, trpcQuery, type TestApp } from "../../test/app";

// Issue #39: Add to Cart as a browser sends it without the app's code, a form post or the address sign-in returns to.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cartOf = async (cookie: string) =>
  trpcData<{ productId: string; quantity: number }[]>(await trpcQuery(t.app, "cart.list", undefined, cookie));

/** A form posted as a browser posts it from our own page: Sec-Fetch-Site says where it comes from. */
const post = (payload: string, cookie = "", site: "same-origin" | "cross-site" = "same-origin") =>
  t.app.inject({
    method: "POST",
    url: "/cart/add",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      "sec-fetch-site": site,
      ...(site === "cross-site" ? { origin: "https://evil.example" } : {}),
    },
    payload,
  });

describe("Add to Cart without the app's code", () => {
  it("sends a visitor to sign in, with a way back that adds the item, and adds nothing yet", async () => {
    const product = await createProduct(t.database.db);
    const response = await post(`productId=${product.id}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/login?returnTo=${encodeURIComponent(`/cart/add?productId=${product.id}&quantity=1`)}`,
    );
    const back = await t.app.inject({ method: "GET", url: cartAddPath(product.id) });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(response.headers.location);
  });

  it("adds the item for a signed-in person, once per request, and shows the cart", async () => {
    const { cookie } = await signUp(t.app);
    const product = await createProduct(t.database.db, { stockQuantity: 5 });
    const posted = await post(`productId=${product.id}&quantity=2`, cookie);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe("/cart");
    expect(await cartOf(cookie)).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);
    // The address sign-in returns to adds one more; the cart it then shows adds nothing when reloaded.
    const back = await t.app.inject({ method: "GET", url: cartAddPath(product.id), headers: { cookie } });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe("/cart");
    expect(await cartOf(cookie)).toEqual([expect.objectContaining({ productId: product.id, quantity: 3 })]);
  });

  it("answers bad input with a clear error and changes nothing", async () => {
    const { cookie } = await signUp(t.app);
    const product = await createProduct(t.database.db, { stockQuantity: 0 });
    const soldOut = await post(`productId=${product.id}`, cookie);
    expect(soldOut.statusCode).toBeGreaterThanOrEqual(400);
    expect(soldOut.body.length).toBeGreaterThan(0);
    const missing = await post("productId=no-such-product", cookie);
    expect(missing.statusCode).toBe(404);
    const badQuantity = await post(`productId=${product.id}&quantity=lots`, cookie);
    expect(badQuantity.statusCode).toBe(400);
    expect(await cartOf(cookie)).toEqual([]);
  });

  it("refuses a form posted from another site", async () => {
    const { cookie } = await signUp(t.app);
    const product = await createProduct(t.database.db);
    const response = await post(`productId=${product.id}`, cookie, "cross-site");
    expect(response.statusCode).toBe(403);
    expect(await cartOf(cookie)).toEqual([]);
  });
});

describe("Add to Cart without the app's code from a French page (issue #45)", () => {
  it("sends a visitor to the French sign-in page, which returns to add the item and show the French cart", async () => {
    const product = await createProduct(t.database.db, { stockQuantity: 5 });
    const response = await post(`productId=${product.id}&locale=fr`);
    expect(response.statusCode).toBe(303);
    const back = `/cart/add?productId=${product.id}&quantity=1&locale=fr`;
    expect(response.headers.location).toBe(`/fr/login?returnTo=${encodeURIComponent(back)}`);
    // The app's own way there (a tap once its code runs): /api/login with that way back, to the French sign-in page.
    const viaApp = await t.app.inject({
      method: "GET",
      url: `/api/login?returnTo=${encodeURIComponent(back)}`,
      headers: { "accept-language": "en" },
    });
    expect(viaApp.headers.location).toBe(response.headers.location);
    const { cookie } = await signUp(t.app);
    const added = await t.app.inject({ method: "GET", url: back, headers: { cookie } });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe("/fr/cart");
    expect(await cartOf(cookie)).toEqual([expect.objectContaining({ productId: product.id, quantity: 1 })]);
  });

  it("answers a refusal in French, and takes no language it does not have", async () => {
    const { cookie } = await signUp(t.app);
    const soldOut = await createProduct(t.database.db, { stockQuantity: 0 });
    const refused = await t.app.inject({
      method: "GET",
      url: cartAddPath(soldOut.id, 1, "fr"),
      headers: { cookie, "accept-language": "en" },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const english = await t.app.inject({
      method: "GET",
      url: cartAddPath(soldOut.id),
      headers: { cookie, "accept-language": "en" },
    });
    expect(refused.body).not.toBe(english.body);
    const odd = await post(`productId=${soldOut.id}&locale=de`);
    expect(odd.headers.location).toMatch(/^\/login\?/);
  });
});
