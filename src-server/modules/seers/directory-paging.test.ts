import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../../db/migrate";
import { seers } from "../../../db/schema";
import { createSeer } from "../../../db/seed/factories";
import { INVALID_CURSOR, seerListInputSchema } from "../../../src/schemas/seers";
import { createTestApp, trpcData, trpcError, trpcQuery, type TestApp } from "../../test/app";
import { createSeerService, type SeerPage } from "./service";

// Load more at scale (#18): keyset pages (no row skipped or repeated under ties, nor when a Seer is listed meanwhile)
// and the totals the trigger keeps (always what counting would say).
let t: TestApp;
const list = async (input: Record<string, unknown> = {}) => trpcData<SeerPage>(await trpcQuery(t.app, "seers.list", input));

/** Every page from the first, by nextCursor, as Load more reads them. */
async function allPages(input: Record<string, unknown>, pageSize: number): Promise<SeerPage[]> {
  const pages = [await list({ ...input, pageSize })];
  for (let cursor = pages[0]?.nextCursor ?? null; cursor; cursor = pages.at(-1)?.nextCursor ?? null) {
    pages.push(await list({ ...input, pageSize, cursor }));
    if (pages.length > 100) throw new Error("The pages never end");
  }
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // 23 Seers with 3 ratings and 4 names between them: the order leans on name and id to break ties.
  for (let i = 0; i < 23; i++) {
    await createSeer(db, {
      fullName: ["Ama Tie", "Kofi Tie", "Ama Tie", "Zola Tie"][i % 4],
      averageRating: ["4.50", "4.90", "4.50"][i % 3],
      country: i % 2 ? "Ghana" : "Nigeria",
      languages: i % 3 ? ["English", "Twi"] : ["English"],
      specializations: i % 5 ? ["Divination"] : ["Divination", "Herbalism"],
      // Half say "river" outright (substring matches, first), the others "rivers" (also substrings) or "rivr" (near).
      biography: ["Reads by the river.", "Reads by the rivers.", "Reads by the rivr."][i % 3],
    });
  }
  await createSeer(db, { fullName: "Pending Tie", verificationStatus: "pending" });
});
afterAll(async () => {
  await t.close();
});

describe("seers.list keyset pages", () => {
  it.each([
    ["the directory", {}],
    ["a country", { country: "Ghana" }],
    ["a search under ties of rank", { search: "river" }],
    ["a search with near matches", { search: "rivr" }],
  ])("reads %s page by page with no Seer skipped or repeated", async (_name, input) => {
    const whole = await list({ ...input, pageSize: 50 });
    expect(whole.total).toBeGreaterThan(5);
    for (const pageSize of [1, 4, 5]) {
      const pages = await allPages(input, pageSize);
      const ids = pages.flatMap((p) => p.items.map((s) => s.id));
      expect(ids).toEqual(whole.items.map((s) => s.id));
      expect(new Set(ids).size).toBe(whole.total);
      expect(pages.map((p) => p.page)).toEqual(pages.map((_p, i) => i + 1));
      expect(pages.every((p) => p.total === whole.total)).toBe(true);
    }
  });

  it("neither repeats nor skips a Seer when another is listed ahead of the reader meanwhile", async () => {
    const first = await list({ pageSize: 5 });
    // A new top-rated Seer: with OFFSET paging the fifth Seer would come again on page 2.
    const newcomer = await createSeer(t.database.db, { fullName: "Aaa Newcomer", averageRating: "5.00" });
    const pages: SeerPage[] = [];
    for (let cursor = first.nextCursor; cursor; cursor = pages.at(-1)?.nextCursor ?? null)
      pages.push(await list({ pageSize: 5, cursor }));
    const rest = pages.flatMap((p) => p.items.map((s) => s.id));
    const seen = [...first.items.map((s) => s.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    const everyone = (await list({ pageSize: 50 })).items.map((s) => s.id);
    expect([...seen].sort()).toEqual(everyone.filter((id) => id !== newcomer.id).sort());
    await t.database.db.delete(seers).where(sql`${seers.id} = ${newcomer.id}`);
  });

  it("refuses a cursor it did not make, or one of another search", async () => {
    for (const cursor of ["garbage", Buffer.from('{"page":2,"after":["x"]}').toString("base64url")]) {
      const response = await trpcQuery(t.app, "seers.list", { cursor });
      expect(response.statusCode).toBe(400);
      expect(trpcError(response).message).toBe(INVALID_CURSOR);
    }
    const unsearched = await list({ pageSize: 2 });
    const response = await trpcQuery(t.app, "seers.list", { pageSize: 2, search: "river", cursor: unsearched.nextCursor });
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).message).toBe(INVALID_CURSOR);
  });
});

describe("seers.list under a search at scale", () => {
  // Substring matches first in the directory's order (best rated first), whatever their word similarity; then the
  // near matches, closest first, ties in the directory's order (word similarity to 'kalimba' in the comments).
  const kalimba = [
    { fullName: "Kal Near Low", biography: "A xalimba maker.", averageRating: "5.00" }, // 0.625
    { fullName: "Kal Exact", biography: "Plays the kalimba.", averageRating: "3.00" }, // substring, 1
    { fullName: "Kal Near Poor", biography: "A kalimbe player.", averageRating: "2.00" }, // 0.75
    { fullName: "Kal Within", biography: "Kalimbas at dawn.", averageRating: "4.00" }, // substring, 0.875
    { fullName: "Kal Near Best", biography: "Builds a kalimbe.", averageRating: "4.50" }, // 0.75
  ];
  const ranked = ["Kal Within", "Kal Exact", "Kal Near Best", "Kal Near Poor", "Kal Near Low"];
  beforeAll(async () => {
    for (const seer of kalimba) await createSeer(t.database.db, { ...seer, tradition: "Mbira" });
  });

  it("ranks the Seers that contain the search first in the directory's order, then the near ones closest first", async () => {
    const whole = await list({ search: "kalimba", pageSize: 50 });
    expect(whole.items.map((s) => s.fullName)).toEqual(ranked);
    expect(whole).toMatchObject({ total: 5, totalCapped: false, nextCursor: null });
    for (const pageSize of [1, 2, 3]) {
      const pages = await allPages({ search: "kalimba" }, pageSize);
      expect(pages.flatMap((p) => p.items.map((s) => s.fullName))).toEqual(ranked);
      expect(pages.every((p) => p.total === 5 && !p.totalCapped)).toBe(true);
    }
  });

  it("counts a search's matches up to the cap past the pages shown, exactly below it, and pages on past it", async () => {
    const service = createSeerService({ db: t.database.db, searchTotalCap: 5 });
    const search = seerListInputSchema.parse({ search: "river", pageSize: 4 });
    const exact = await createSeerService({ db: t.database.db }).list({ ...search, pageSize: 50 });
    expect(exact.total).toBeGreaterThan(12);
    const pages = [await service.list(search)];
    for (let cursor = pages[0]?.nextCursor; cursor; cursor = pages.at(-1)?.nextCursor)
      pages.push(await service.list({ ...search, cursor }));
    // Each page's total: the Seers before it plus the matches from it on, counted up to 5.
    expect(pages.map((p) => [p.total, p.totalCapped])).toEqual(
      pages.map((p, i) => {
        const left = exact.total - i * 4;
        return left > 5 ? [i * 4 + 5, true] : [exact.total, false];
      }),
    );
    expect(pages.flatMap((p) => p.items.map((s) => s.id))).toEqual(exact.items.map((s) => s.id));
    expect(pages.at(-1)?.nextCursor).toBeNull();
    // At the cap exactly, the total is exact.
    const atCap = await createSeerService({ db: t.database.db, searchTotalCap: 5 }).list(
      seerListInputSchema.parse({ search: "kalimba" }),
    );
    expect(atCap).toMatchObject({ total: 5, totalCapped: false });
  });
});

describe("seers.list totals kept by the trigger", () => {
  /** What counting the listed Seers says for a filter combination. */
  async function counted(filter: { country?: string; specialization?: string; language?: string }): Promise<number> {
    const result = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${seers}
      where verification_status = 'approved' and coalesce(price_15_min, price_30_min, price_60_min) is not null
        and (${filter.country ?? null}::text is null or country = ${filter.country ?? null})
        and (${filter.specialization ?? null}::text is null or specializations @> array[${filter.specialization ?? ""}]::text[])
        and (${filter.language ?? null}::text is null or languages @> array[${filter.language ?? ""}]::text[])`);
    return rows<{ n: number }>(result)[0]?.n ?? -1;
  }
  const filters = [
    {},
    { country: "Ghana" },
    { country: "Nigeria" },
    { specialization: "Herbalism" },
    { language: "Twi" },
    { country: "Ghana", specialization: "Divination", language: "English" },
    { country: "Senegal" },
  ];
  async function expectTotalsAsCounted() {
    for (const filter of filters)
      expect({ filter, total: (await list(filter)).total }).toEqual({ filter, total: await counted(filter) });
  }

  it("match counting through listing, unlisting, edits of filter values and deletion", async () => {
    await expectTotalsAsCounted();
    const db = t.database.db;
    const seer = await createSeer(db, {
      fullName: "Counted Seer",
      country: "Senegal",
      languages: ["Wolof", "Wolof", "English"],
      specializations: ["Herbalism"],
      verificationStatus: "pending",
    });
    await expectTotalsAsCounted();
    const set = async (values: Partial<typeof seers.$inferInsert>) => {
      await db
        .update(seers)
        .set(values)
        .where(sql`${seers.id} = ${seer.id}`);
      await expectTotalsAsCounted();
    };
    await set({ verificationStatus: "approved" });
    expect((await list({ country: "Senegal" })).total).toBe(1);
    await set({ country: "Ghana", languages: ["Twi"] });
    await set({ specializations: ["Divination", "Herbalism"], averageRating: "3.00" });
    await set({ price15Min: null, price30Min: null, price60Min: null });
    await set({ price30Min: "40.00" });
    await set({ verificationStatus: "suspended" });
    await set({ verificationStatus: "approved" });
    await db.delete(seers).where(sql`${seers.id} = ${seer.id}`);
    await expectTotalsAsCounted();
  });

  it("match counting after statements that change many Seers at once", async () => {
    const db = t.database.db;
    await db
      .update(seers)
      .set({ verificationStatus: "pending" })
      .where(sql`${seers.fullName} = 'Ama Tie'`);
    await expectTotalsAsCounted();
    await db
      .update(seers)
      .set({ country: "Ghana", verificationStatus: "approved" })
      .where(sql`${seers.fullName} like '%Tie'`);
    await expectTotalsAsCounted();
    await db
      .update(seers)
      .set({ verificationStatus: "pending" })
      .where(sql`${seers.fullName} = 'Pending Tie'`);
    await expectTotalsAsCounted();
  });
});
