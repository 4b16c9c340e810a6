import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeRates } from "../../../db/schema";
import { DEFAULT_RATES } from "../../../src/domain/currencies";
import { FakeClock } from "../../platform/clock";
import { createTestDatabase } from "../../test/database";
import type { Database } from "../../../db/client";
import { currentRate } from "../../platform/exchange-rates";
import { refreshRates } from "./rates";

const SOURCE = "http://rates.test/latest";
const server = setupServer();
let database: Database;
const clock = new FakeClock(new Date("2026-11-27T10:00:00Z"));

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  database = await createTestDatabase();
});
afterAll(async () => {
  server.close();
  await database.close();
});

describe("exchange rates", () => {
  it("serves the seed's rates until a source is read, then the source's, leaving out what it cannot read", async () => {
    const db = database.db;
    expect((await currentRate(db, "GHS")).micros).toBe(14_420_000n);
    expect(DEFAULT_RATES.GHS).toBe("14.420000");
    server.use(
      http.get(SOURCE, () =>
        HttpResponse.json({ base: "USD", rates: { GHS: 15.1, NGN: "1601.25", KES: -3, ZAR: "nonsense", EUR: 0.95 } }),
      ),
    );
    expect(await refreshRates({ db, clock }, SOURCE)).toBe(2);
    expect((await currentRate(db, "GHS")).micros).toBe(15_100_000n);
    expect((await currentRate(db, "NGN")).micros).toBe(1_601_250_000n);
    // Refused values keep what was there: the embedded default.
    expect((await currentRate(db, "KES")).micros).toBe(129_000_000n);
    expect((await currentRate(db, "ZAR")).micros).toBe(18_200_000n);
    const [ghs] = await db.select().from(exchangeRates).where(eq(exchangeRates.toCurrency, "GHS"));
    expect(ghs?.lastUpdated).toEqual(clock.now());
  });

  it("refuses a source based on another currency, or one that fails, and changes nothing", async () => {
    const db = database.db;
    server.use(http.get(SOURCE, () => HttpResponse.json({ base: "EUR", rates: { GHS: 1 } })));
    await expect(refreshRates({ db, clock }, SOURCE)).rejects.toThrow(/EUR/);
    server.use(http.get(SOURCE, () => new HttpResponse("down", { status: 503 })));
    await expect(refreshRates({ db, clock }, SOURCE)).rejects.toThrow(/503/);
    expect((await currentRate(db, "GHS")).micros).toBe(15_100_000n);
  });
});
