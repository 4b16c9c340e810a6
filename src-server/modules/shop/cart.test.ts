import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../../db/schema";
import { createProduct } from "../../../db/seed/factories";
import { CART_ITEM_NOT_FOUND } from "../../../src/schemas/shop";
import { createTestApp, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { allStockInCart, onlyInStock, productOutOfStock, productUnavailable } from "./cart";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Line {
  id: string;
  productId: string;
  quantity: number;
  product: { name: string; price: string; imageUrl: string | null; slug: string; stockQuantity: number; isActive: boolean };
}
const cartOf = async (cookie: string) => trpcData<Line[]>(await trpcQuery(t.app, "cart.list", undefined, cookie));
const add = (cookie: string, productId: string, quantity?: number) =>
  trpcMutation(t.app, "cart.add", quantity === undefined ? { productId } : { productId, quantity }, cookie);

describe("the cart", () => {
  it("needs sign-in for every cart call", async () => {
    const product = await createProduct(t.database.db);
    expect((await trpcQuery(t.app, "cart.list")).statusCode).toBe(401);
    expect((await add("", product.id)).statusCode).toBe(401);
    const rest = await t.app.inject({ method: "POST", url: "/api/cart", payload: { productId: product.id, quantity: 1 } });
    expect(rest.statusCode).toBe(401);
    expect(rest.body).toBe("Unauthorized");
  });

  it("keeps one line per product: adding again raises the quantity, capped at the stock", async () => {
    const { cookie } = await signUp(t.app);
    const product = await createProduct(t.database.db, {
      name: "Kente Stole",
      price: "35.50",
      stockQuantity: 4,
      imageUrl: "/images/kente.svg",
    });
    expect((await add(cookie, product.id)).statusCode).toBe(200);
    expect((await add(cookie, product.id, 2)).statusCode).toBe(200);
    let cart = await cartOf(cookie);
    expect(cart).toEqual([
      {
        id: expect.any(String),
        productId: product.id,
        quantity: 3,
        product: {
          name: "Kente Stole",
          price: "35.50",
          imageUrl: "/images/kente.svg",
          slug: product.slug,
          stockQuantity: 4,
          isActive: true,
        },
      },
    ]);
    // 3 + 5 would be 8; only 4 exist.
    expect(trpcData<{ quantity: number }>(await add(cookie, product.id, 5)).quantity).toBe(4);
    const full = await add(cookie, product.id);
    expect(full.statusCode).toBe(409);
    expect(trpcError(full).message).toBe(allStockInCart("Kente Stole", 4));
    cart = await cartOf(cookie);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(4);
  });

  it("refuses inactive, out-of-stock and unknown products with clear messages", async () => {
    const { cookie } = await signUp(t.app);
    const inactive = await createProduct(t.database.db, { name: "Retired Mask", isActive: false });
    const soldOut = await createProduct(t.database.db, { name: "Dan Face Mask", stockQuantity: 0 });
    const a = await add(cookie, inactive.id);
    expect(a.statusCode).toBe(409);
    expect(trpcError(a).message).toBe(productUnavailable("Retired Mask"));
    const b = await add(cookie, soldOut.id);
    expect(b.statusCode).toBe(409);
    expect(trpcError(b).message).toBe(productOutOfStock("Dan Face Mask"));
    expect((await add(cookie, "no-such-product")).statusCode).toBe(404);
    expect((await add(cookie, soldOut.id, 0)).statusCode).toBe(400);
    expect(await cartOf(cookie)).toEqual([]);
  });

  it("changes a quantity, never below 1 and never above the stock", async () => {
    const { cookie } = await signUp(t.app);
    const product = await createProduct(t.database.db, { name: "Waist Beads", stockQuantity: 3 });
    const line = trpcData<{ id: string }>(await add(cookie, product.id));
    const set = (quantity: number) => trpcMutation(t.app, "cart.setQuantity", { id: line.id, quantity }, cookie);

    expect(trpcData<{ quantity: number }>(await set(3)).quantity).toBe(3);
    const tooMany = await set(4);
    expect(tooMany.statusCode).toBe(409);
    expect(trpcError(tooMany).message).toBe(onlyInStock("Waist Beads", 3));
    const zero = await set(0);
    expect(zero.statusCode).toBe(400);
    expect(trpcError(zero).data.zodError?.fieldErrors.quantity).toEqual(["Quantity must be at least 1"]);
    expect((await cartOf(cookie))[0]?.quantity).toBe(3);

    // Stock shrank after the line was added: lowering is still allowed, raising is not.
    await t.database.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, product.id));
    expect(trpcData<{ quantity: number }>(await set(2)).quantity).toBe(2);
    expect((await set(3)).statusCode).toBe(409);
  });

  it("removes a line", async () => {
    const { cookie } = await signUp(t.app);
    const keep = await createProduct(t.database.db);
    const drop = await createProduct(t.database.db);
    await add(cookie, keep.id);
    const line = trpcData<{ id: string }>(await add(cookie, drop.id));
    const removed = await trpcMutation(t.app, "cart.remove", { id: line.id }, cookie);
    expect(removed.statusCode).toBe(200);
    expect((await cartOf(cookie)).map((l) => l.productId)).toEqual([keep.id]);
    expect((await trpcMutation(t.app, "cart.remove", { id: line.id }, cookie)).statusCode).toBe(404);
  });

  it("answers 404 for another user's line, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const product = await createProduct(t.database.db, { stockQuantity: 9 });
    const line = trpcData<{ id: string }>(await add(owner.cookie, product.id, 2));

    const update = await trpcMutation(t.app, "cart.setQuantity", { id: line.id, quantity: 5 }, other.cookie);
    expect(update.statusCode).toBe(404);
    expect(trpcError(update).message).toBe(CART_ITEM_NOT_FOUND);
    expect((await trpcMutation(t.app, "cart.remove", { id: line.id }, other.cookie)).statusCode).toBe(404);
    const restPatch = await t.app.inject({
      method: "PATCH",
      url: `/api/cart/${line.id}`,
      headers: { cookie: other.cookie },
      payload: { quantity: 5 },
    });
    expect(restPatch.statusCode).toBe(404);
    expect(restPatch.body).toBe(CART_ITEM_NOT_FOUND);
    const restDelete = await t.app.inject({ method: "DELETE", url: `/api/cart/${line.id}`, headers: { cookie: other.cookie } });
    expect(restDelete.statusCode).toBe(404);

    expect(await cartOf(other.cookie)).toEqual([]);
    expect((await cartOf(owner.cookie))[0]?.quantity).toBe(2);
  });

  it("serves the same cart through the REST shims", async () => {
    const { cookie } = await signUp(t.app);
    const product = await createProduct(t.database.db, { stockQuantity: 5, price: "12.00" });
    const headers = { cookie };
    const added = await t.app.inject({
      method: "POST",
      url: "/api/cart",
      headers,
      payload: { productId: product.id, quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    const { id } = added.json() as { id: string };
    const patched = await t.app.inject({ method: "PATCH", url: `/api/cart/${id}`, headers, payload: { quantity: 3 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id, quantity: 3 });
    const tooMany = await t.app.inject({ method: "PATCH", url: `/api/cart/${id}`, headers, payload: { quantity: 6 } });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.headers["content-type"]).toContain("text/plain");
    const listed = await t.app.inject({ method: "GET", url: "/api/cart", headers });
    expect(listed.json()).toEqual([
      expect.objectContaining({ id, productId: product.id, quantity: 3, product: expect.objectContaining({ price: "12.00" }) }),
    ]);
    expect((await t.app.inject({ method: "DELETE", url: `/api/cart/${id}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/cart", headers })).json()).toEqual([]);
  });
});
