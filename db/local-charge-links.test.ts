import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../src-server/test/database";
import type { Database } from "./client";
import { migrationsFolder } from "./migrate";
import { bookings, localCharges } from "./schema";
import { createBooking, createSeer, createUser } from "./seed/factories";

/**
 * Migration 0031's data step: rows written before it (an `lc_` id in Stripe's column, a paid charge without its paying
 * attempt) are moved as the new code writes them, and a Stripe booking is left alone. Its statements run again on rows
 * made as the old code made them (the database is already migrated; each statement is idempotent).
 */
const statements = readFileSync(path.join(migrationsFolder, "0031_local_charge_links.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.replace(/^--.*$/gm, "").trim())
  .filter((s) => s.startsWith("UPDATE"));
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("migration 0031", () => {
  it("moves a local charge out of Stripe's column into its own link, and leaves Stripe's ids where they are", async () => {
    const db = database.db;
    const client = await createUser(db, { email: "old-row@example.com" });
    const seer = await createSeer(db, { userId: (await createUser(db, { role: "seer", email: "old-seer@example.com" })).id });
    await db.insert(localCharges).values({
      id: "lc_old",
      gateway: "paystack",
      clientSecret: "lc_old_secret_x",
      amount: 64890,
      currency: "ghs",
      status: "succeeded",
      metadata: { kind: "booking" },
      idempotencyKey: "booking:old",
      attempt: 2,
    });
    const local = await createBooking(db, {
      clientId: client.id,
      seerId: seer.id,
      scheduledDate: "2026-12-01",
      paymentProvider: "stripe",
      paymentIntentId: "lc_old",
      stripePaymentIntentId: "lc_old",
      chargeCurrency: "GHS",
      chargeAmount: 64890,
      chargeRate: "14.420000",
    });
    const card = await createBooking(db, {
      clientId: client.id,
      seerId: seer.id,
      scheduledDate: "2026-12-02",
      paymentProvider: "stripe",
      paymentIntentId: "pi_card",
      stripePaymentIntentId: "pi_card",
    });
    expect(statements).toHaveLength(3);
    for (const statement of statements) await db.execute(sql.raw(statement));
    const row = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
    expect(await row(local.id)).toMatchObject({
      paymentIntentId: "lc_old",
      stripePaymentIntentId: null,
      localChargeId: "lc_old",
      paymentProvider: "paystack",
    });
    expect(await row(card.id)).toMatchObject({
      paymentIntentId: "pi_card",
      stripePaymentIntentId: "pi_card",
      localChargeId: null,
      paymentProvider: "stripe",
    });
    const [charge] = await db.select().from(localCharges).where(eq(localCharges.id, "lc_old"));
    expect(charge?.paidAttempt).toBe(2);
  });
});
