import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct } from "../../../db/seed/factories";
import { INVALID_PRODUCT_CURSOR, PRODUCT_NEAR_MAX, PRODUCT_NOT_FOUND } from "../../../src/schemas/shop";
import { createTestApp, trpcError, trpcQuery, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ListedProduct = { id: string; name: string; slug: string; price: string; stockQuantity: number; categoryId: string | null };
type ListedPage = { items: ListedProduct[]; nextCursor: string | null };
const pageOf = async (input?: unknown): Promise<ListedPage> => {
  const response = await trpcQuery(t.app, "shop.products", input);
  expect(response.statusCode).toBe(200);
  return (response.json() as { result: { data: { json: ListedPage } } }).result.data.json;
};
const productsOf = async (input?: unknown): Promise<ListedProduct[]> => (await pageOf(input)).items;
/** Every page of a listing, each page's slugs, by following the server's cursors (at most 50 pages). */
const pagesOf = async (input: Record<string, unknown>): Promise<string[][]> => {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await pageOf({ ...input, cursor });
    pages.push(page.items.map((p) => p.slug));
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
};

describe("the catalogue", () => {
  let herbs: { id: string };
  let tools: { id: string };
  beforeAll(async () => {
    const db = t.database.db;
    herbs = await createCategory(db, { name: "Sacred Herbs", slug: "sacred-herbs" });
    tools = await createCategory(db, { name: "Ritual Tools", slug: "ritual-tools" });
    const base = new Date("2026-01-01T00:00:00Z").getTime();
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await createProduct(db, {
      name: "Impepho Incense Bundle",
      slug: "impepho",
      description: "Dried helichrysum burned to call the ancestors.",
      categoryId: herbs.id,
      createdAt: at(1),
    });
    await createProduct(db, {
      name: "Kola Nut Offering Pack",
      slug: "kola",
      description: "Kola nuts shared at welcomes; 100% natural.",
      categoryId: herbs.id,
      createdAt: at(2),
    });
    await createProduct(db, {
      name: "Gankogui Double Bell",
      slug: "gankogui",
      description: "An iron bell that keeps the time line.",
      categoryId: tools.id,
      createdAt: at(3),
      stockQuantity: 0,
    });
    await createProduct(db, {
      name: "Retired Drum",
      slug: "retired-drum",
      description: "Incense holder no longer sold.",
      categoryId: tools.id,
      isActive: false,
      createdAt: at(0),
    });
    for (let i = 0; i < 5; i++) await createProduct(db, { name: `Bead ${i}`, slug: `bead-${i}`, createdAt: at(10 + i) });
  });

  it("lists only active products, oldest first, with price and stock but no private columns", async () => {
    const list = await productsOf();
    expect(list.map((p) => p.slug)).toEqual(["impepho", "kola", "gankogui", "bead-0", "bead-1", "bead-2", "bead-3", "bead-4"]);
    const first = list[0] as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(
      [
        "id",
        "name",
        "slug",
        "description",
        "price",
        "currency",
        "categoryId",
        "origin",
        "spiritualUse",
        "imageUrl",
        "stockQuantity",
      ].sort(),
    );
    expect(first.price).toBe("24.00");
    expect(list.find((p) => p.slug === "gankogui")?.stockQuantity).toBe(0);
  });

  it("gives the home page the first 6 active products with a limit", async () => {
    const list = await productsOf({ limit: 6 });
    expect(list.map((p) => p.slug)).toEqual(["impepho", "kola", "gankogui", "bead-0", "bead-1", "bead-2"]);
  });

  it("searches name and description case-insensitively, never returning inactive products", async () => {
    expect((await productsOf({ search: "INCENSE" })).map((p) => p.slug)).toEqual(["impepho"]);
    expect((await productsOf({ search: "time line" })).map((p) => p.slug)).toEqual(["gankogui"]);
    expect(await productsOf({ search: "nothing like this" })).toEqual([]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect((await productsOf({ search: "100%" })).map((p) => p.slug)).toEqual(["kola"]);
    expect(await productsOf({ search: "%" })).toHaveLength(1);
    expect(await productsOf({ search: "_" })).toEqual([]);
  });

  it("filters by category, alone or with a search, and treats a blank filter as all", async () => {
    expect((await productsOf({ categoryId: herbs.id })).map((p) => p.slug)).toEqual(["impepho", "kola"]);
    expect((await productsOf({ categoryId: tools.id })).map((p) => p.slug)).toEqual(["gankogui"]);
    expect((await productsOf({ categoryId: herbs.id, search: "kola" })).map((p) => p.slug)).toEqual(["kola"]);
    expect(await productsOf({ categoryId: "", search: "  " })).toHaveLength(8);
  });

  it("pages on from the server's cursor, oldest first, without skipping or repeating a product, filtered or not", async () => {
    const all = (await productsOf()).map((p) => p.slug);
    for (const limit of [1, 3, 8]) {
      const pages = await pagesOf({ limit });
      expect(pages.flat()).toEqual(all);
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
    // Exactly one page's worth: that page says there is no more.
    expect((await pageOf({ limit: all.length })).nextCursor).toBeNull();
    expect(await pagesOf({ limit: 1, categoryId: herbs.id })).toEqual([["impepho"], ["kola"]]);
  });

  it("refuses a cursor the server did not give, and a near matches' cursor outside a search, with 400", async () => {
    const near = Buffer.from(JSON.stringify({ near: 1 })).toString("base64url");
    for (const cursor of ["not-a-cursor", Buffer.from("{}").toString("base64url"), near]) {
      const response = await trpcQuery(t.app, "shop.products", { cursor });
      expect(response.statusCode).toBe(400);
      expect(trpcError(response).message).toBe(INVALID_PRODUCT_CURSOR);
    }
  });

  it("lists the categories with id and name, sorted by name", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: tools.id, name: "Ritual Tools", slug: "ritual-tools" },
      { id: herbs.id, name: "Sacred Herbs", slug: "sacred-herbs" },
    ]);
  });

  it("answers GET /api/products with the active products, optionally searched", async () => {
    const all = await t.app.inject({ method: "GET", url: "/api/products" });
    expect(all.statusCode).toBe(200);
    expect((all.json() as ListedProduct[]).map((p) => p.slug)).toHaveLength(8);
    const searched = await t.app.inject({ method: "GET", url: "/api/products?search=bell" });
    expect((searched.json() as ListedProduct[]).map((p) => p.slug)).toEqual(["gankogui"]);
  });

  it("shows one active product by slug with its category name, and Product Not Found otherwise", async () => {
    const response = await trpcQuery(t.app, "shop.product", { slug: "kola" });
    expect(response.statusCode).toBe(200);
    const product = (response.json() as { result: { data: { json: Record<string, unknown> } } }).result.data.json;
    expect(product).toMatchObject({
      slug: "kola",
      name: "Kola Nut Offering Pack",
      categoryName: "Sacred Herbs",
      lowStockThreshold: 5,
    });

    for (const slug of ["retired-drum", "no-such-product"]) {
      const missing = await trpcQuery(t.app, "shop.product", { slug });
      expect(missing.statusCode).toBe(404);
      expect(trpcError(missing).message).toBe(PRODUCT_NOT_FOUND);
    }
  });
});

describe("the catalogue's search order", () => {
  // Word similarity to 'kalimba' in the comments: the products that contain it come first, oldest first whatever their
  // similarity; then the near ones, closest first, ties oldest first.
  beforeAll(async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 1, 1) + minutes * 60_000);
    const products = [
      { name: "Xalimba Rattle", createdAt: at(0) }, // 0.625
      { name: "Kalimbae Thumb Piano", createdAt: at(1) }, // substring, 0.875
      { name: "Kalimba", createdAt: at(2) }, // substring, 1
      { name: "Kalimbe Stand", createdAt: at(3) }, // 0.75
      { name: "Kalimbe Case", createdAt: at(4) }, // 0.75
    ];
    for (const [i, p] of products.entries()) {
      await createProduct(t.database.db, { ...p, slug: `kalimba-${i}`, description: "Carved from wood." });
    }
  });

  it("lists the products that contain the search first, oldest first, then the near ones closest first", async () => {
    const ranked = ["Kalimbae Thumb Piano", "Kalimba", "Kalimbe Stand", "Kalimbe Case", "Xalimba Rattle"];
    expect((await productsOf({ search: "kalimba" })).map((p) => p.name)).toEqual(ranked);
    for (const limit of [1, 2, 3, 4])
      expect((await productsOf({ search: "kalimba", limit })).map((p) => p.name)).toEqual(ranked.slice(0, limit));
  });

  it("pages through the containing products and then the near ones in that order, whatever the page size", async () => {
    const all = (await productsOf({ search: "kalimba" })).map((p) => p.slug);
    expect(all).toHaveLength(5);
    for (const limit of [1, 2, 3, 4, 5]) {
      const pages = await pagesOf({ search: "kalimba", limit });
      expect(pages.flat()).toEqual(all);
      expect(pages.at(-1)?.length).toBeGreaterThan(0);
    }
  });
});

describe("the catalogue's near matches", () => {
  // Word similarity to 'balafon': one product contains it; two are at 0.75, made last; PRODUCT_NEAR_MAX + 2 tie at
  // 0.625, made newest first so that neither insertion order nor the ids give the oldest-first order by chance.
  const ties = PRODUCT_NEAR_MAX + 2;
  beforeAll(async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1) + minutes * 60_000);
    const add = (name: string, minutes: number) =>
      createProduct(t.database.db, {
        name,
        slug: `balafon-${minutes}`,
        description: "Carved from wood.",
        createdAt: at(minutes),
      });
    await add("Balafon Mallets", 100);
    for (let i = ties - 1; i >= 0; i--) await add(`Xalafon Gourd ${i}`, i);
    await add("Balafom Rack", 101);
    await add("Balafo Stand", 102);
  });

  it("fills the list with at most PRODUCT_NEAR_MAX near matches, closest first, ties oldest first", async () => {
    const listed = (await productsOf({ search: "balafon" })).map((p) => p.name);
    const oldestTies = Array.from({ length: PRODUCT_NEAR_MAX - 2 }, (_, i) => `Xalafon Gourd ${i}`);
    expect(listed).toEqual(["Balafon Mallets", "Balafom Rack", "Balafo Stand", ...oldestTies]);
  });

  it("pages through at most PRODUCT_NEAR_MAX near matches, the same ones the whole list has", async () => {
    const all = (await productsOf({ search: "balafon" })).map((p) => p.slug);
    for (const limit of [1, 5, 24]) expect((await pagesOf({ search: "balafon", limit })).flat()).toEqual(all);
  });

  it("leaves no room for near matches past the list's limit", async () => {
    expect((await productsOf({ search: "balafon", limit: 3 })).map((p) => p.name)).toEqual([
      "Balafon Mallets",
      "Balafom Rack",
      "Balafo Stand",
    ]);
  });
});

describe("the catalogue's pages", () => {
  it("tells products made in the same instant apart by id, so paging neither skips nor repeats them", async () => {
    const db = t.database.db;
    const cat = await createCategory(db, { name: "Same Instant", slug: "same-instant" });
    const at = new Date("2026-01-05T00:00:00Z");
    const made: { id: string; slug: string }[] = [];
    for (let i = 0; i < 4; i++)
      made.push(await createProduct(db, { name: `Twin ${i}`, slug: `twin-${i}`, categoryId: cat.id, createdAt: at }));
    const byId = made.map((p) => p.id).sort();
    const pages = await pagesOf({ limit: 1, categoryId: cat.id });
    expect(pages).toHaveLength(4);
    expect(pages.flat()).toEqual(byId.map((id) => made.find((p) => p.id === id)?.slug));
  });
});
