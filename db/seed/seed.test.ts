// @vitest-environment node
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../client";
import { migrate } from "../migrate";
import {
  articles,
  bookings,
  exchangeRates,
  meetingAttendance,
  passwordCredentials,
  products,
  reviews,
  seerApplications,
  seers,
  totpCredentials,
  users,
} from "../schema";
import { ROOM_CLOSES_MINUTES_AFTER_END } from "../../src/domain/after-payment";
import { toCents } from "../../src/domain/money";
import { verifyPassword } from "../passwords";
import { DEMO_ADMIN_TOTP_SECRET, demoAccounts, seedDemoIfEmpty } from "./index";
import { createBooking, createSeer, createUser } from "./factories";
import { SPECIALIZATIONS } from "./data/seers";

const publicDir = fileURLToPath(new URL("../../src-client/public", import.meta.url));

let database: Database;
let secondRun: unknown;
let countsAfterFirst: Record<string, number>;

async function counts(): Promise<Record<string, number>> {
  const { db } = database;
  const count = async (table: Parameters<typeof db.$count>[0]) => db.$count(table);
  return {
    users: await count(users),
    seers: await count(seers),
    products: await count(products),
    articles: await count(articles),
    bookings: await count(bookings),
    reviews: await count(reviews),
    applications: await count(seerApplications),
  };
}

beforeAll(async () => {
  database = await openDatabase({});
  await migrate(database.db);
  expect(await seedDemoIfEmpty(database.db, { sealSecret: (plain) => `sealed:${plain}` })).not.toBeNull();
  countsAfterFirst = await counts();
  secondRun = await seedDemoIfEmpty(database.db);
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe("demo seed", () => {
  it("gives the demo admin, and only the admin, the published authenticator app, sealed by the server's box", async () => {
    const rows = await database.db
      .select({
        email: users.email,
        secondFactorAt: users.secondFactorAt,
        secret: totpCredentials.secret,
        confirmedAt: totpCredentials.confirmedAt,
      })
      .from(totpCredentials)
      .innerJoin(users, eq(users.id, totpCredentials.userId));
    expect(rows).toEqual([
      {
        email: "admin@seer.local",
        secondFactorAt: expect.any(Date),
        secret: `sealed:${DEMO_ADMIN_TOTP_SECRET}`,
        confirmedAt: expect.any(Date),
      },
    ]);
  });

  it("seeds only an empty database", async () => {
    expect(secondRun).toBeNull();
    expect(await counts()).toEqual(countsAfterFirst);
  });

  it("has at least 12 approved Seers from at least 8 countries, with varied prices", async () => {
    const rows = await database.db.select().from(seers).where(eq(seers.verificationStatus, "approved"));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((s) => s.country)).size).toBeGreaterThanOrEqual(8);
    expect(rows.filter((s) => s.price15Min === null).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((s) => s.averageRating)).size).toBe(rows.length);
    for (const s of rows) {
      expect(Number(s.averageRating)).toBeGreaterThanOrEqual(3.8);
      expect(Number(s.averageRating)).toBeLessThanOrEqual(4.95);
      expect(s.languages.length).toBeGreaterThanOrEqual(1);
      expect(s.languages.length).toBeLessThanOrEqual(4);
      expect(s.specializations.length).toBeGreaterThanOrEqual(2);
      expect(s.specializations.length).toBeLessThanOrEqual(5);
      for (const spec of s.specializations) expect(SPECIALIZATIONS).toContain(spec);
      if (s.profileImageUrl) expect(existsSync(`${publicDir}${s.profileImageUrl}`)).toBe(true);
    }
    const seerUsers = await database.db.select({ role: users.role }).from(users).innerJoin(seers, eq(seers.userId, users.id));
    expect(seerUsers.every((u) => u.role === "seer")).toBe(true);
  });

  it("keeps each Seer's rating and review count equal to its review rows", async () => {
    const stats = await database.db
      .select({
        averageRating: seers.averageRating,
        totalReviews: seers.totalReviews,
        count: sql<number>`count(${reviews.id})::int`,
        sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      })
      .from(seers)
      .leftJoin(reviews, eq(reviews.seerId, seers.id))
      .groupBy(seers.id);
    for (const s of stats) {
      expect(s.totalReviews).toBe(s.count);
      expect(toCents(s.averageRating)).toBe(Math.floor((s.sum * 200 + s.count) / (2 * s.count)));
    }
  });

  it("has 3 pending and 1 rejected Seer applications, the rejected one reviewed by the admin", async () => {
    const rows = await database.db.select().from(seerApplications);
    expect(rows.filter((a) => a.status === "pending")).toHaveLength(3);
    const rejected = rows.filter((a) => a.status === "rejected");
    expect(rejected).toHaveLength(1);
    const [admin] = await database.db.select().from(users).where(eq(users.email, "admin@seer.local"));
    expect(rejected[0]?.reviewedBy).toBe(admin?.id);
    expect(rejected[0]?.reviewNotes).toBeTruthy();
    expect(rejected[0]?.reviewedAt).toBeInstanceOf(Date);
  });

  it("has at least 24 products, exactly one out of stock and one inactive, each with an image file", async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(rows.filter((p) => p.isActive && p.stockQuantity === 0)).toHaveLength(1);
    expect(rows.filter((p) => !p.isActive)).toHaveLength(1);
    for (const p of rows) {
      expect(p.imageUrl).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      const file = `${publicDir}${p.imageUrl ?? ""}`;
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(3072);
      expect(toCents(p.price)).toBeGreaterThanOrEqual(800);
      expect(toCents(p.price)).toBeLessThanOrEqual(18000);
    }
  });

  it("has at least 6 articles with exactly one draft, owned by the demo client", async () => {
    const rows = await database.db.select().from(articles);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const drafts = rows.filter((a) => !a.isPublished);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.publishedAt).toBeNull();
    const [client] = await database.db.select().from(users).where(eq(users.email, "client@seer.local"));
    expect(drafts[0]?.authorId).toBe(client?.id);
    for (const a of rows) {
      expect(a.content.length).toBeGreaterThanOrEqual(400);
      if (a.isPublished) expect(a.publishedAt).toBeInstanceOf(Date);
      if (a.featuredImageUrl) expect(existsSync(`${publicDir}${a.featuredImageUrl}`)).toBe(true);
    }
    expect(rows.filter((a) => a.videoUrl !== null).length).toBeGreaterThanOrEqual(1);
  });

  it("stores the USD to GHS rate 14.42", async () => {
    const [rate] = await database.db
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.fromCurrency, "USD"), eq(exchangeRates.toCurrency, "GHS")));
    expect(Number(rate?.rate)).toBe(14.42);
  });

  it("creates each demo account with its role and password", async () => {
    for (const a of demoAccounts) {
      const [row] = await database.db
        .select({ role: users.role, hash: passwordCredentials.passwordHash })
        .from(users)
        .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
        .where(eq(users.email, a.email));
      expect(row?.role).toBe(a.role);
      expect(a.password.length).toBeGreaterThanOrEqual(8);
      expect(await verifyPassword(row?.hash ?? "", a.password)).toBe(true);
    }
    const [demoSeer] = await database.db
      .select({ status: seers.verificationStatus })
      .from(seers)
      .innerJoin(users, eq(users.id, seers.userId))
      .where(eq(users.email, "seer@seer.local"));
    expect(demoSeer?.status).toBe("approved");
  });

  it("gives the demo Seer an upcoming confirmed session and past completed ones, with consistent money and links", async () => {
    const rows = await database.db.select().from(bookings);
    for (const b of rows) {
      expect(toCents(b.platformFee) + toCents(b.seerEarnings)).toBe(toCents(b.amount));
      expect(toCents(b.platformFee)).toBe(Math.round(toCents(b.amount) * 0.2));
      if (b.status === "confirmed") expect(b.consultationLink).toBe(`/meeting/${b.id}`);
    }
    expect(rows.filter((b) => b.status === "pending").length).toBeGreaterThanOrEqual(1);
    const [demoSeer] = await database.db
      .select({ id: seers.id })
      .from(seers)
      .innerJoin(users, eq(users.id, seers.userId))
      .where(eq(users.email, "seer@seer.local"));
    const mine = rows.filter((b) => b.seerId === demoSeer?.id);
    const now = Date.now();
    expect(mine.some((b) => b.status === "confirmed" && b.startsAt.getTime() > now)).toBe(true);
    expect(mine.some((b) => b.status === "completed" && b.startsAt.getTime() < now)).toBe(true);

    // No Seer is booked twice at overlapping times.
    const bySeer = new Map<string, typeof rows>();
    for (const b of rows) bySeer.set(b.seerId, [...(bySeer.get(b.seerId) ?? []), b]);
    for (const list of bySeer.values()) {
      const sorted = [...list].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i]?.startsAt.getTime()).toBeGreaterThanOrEqual(sorted[i - 1]?.endsAt.getTime() ?? 0);
      }
    }
  });
});

describe("demo data obeys the product's rules (issue #47)", () => {
  const demoClient = () => {
    const email = demoAccounts.find((a) => a.role === "client")?.email;
    if (!email) throw new Error("no demo client");
    return email;
  };

  it("leaves nothing for the completion job: every paid session whose room has closed is settled", async () => {
    const now = Date.now();
    const rows = await database.db.select().from(bookings).where(eq(bookings.status, "confirmed"));
    for (const b of rows) {
      expect(b.endsAt.getTime() + ROOM_CLOSES_MINUTES_AFTER_END * 60_000, b.id).toBeGreaterThan(now);
    }
    const settled = await database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.status, ["completed", "no_show"]));
    expect(settled.length).toBeGreaterThan(20);
    for (const b of settled) {
      expect(b.completedAt?.getTime(), b.id).toBe(b.endsAt.getTime() + ROOM_CLOSES_MINUTES_AFTER_END * 60_000);
      expect(b.confirmedAt, b.id).not.toBeNull();
    }
  });

  it("keeps the room's record that settles each session: both came to a completed one, only the Seer to a no-show", async () => {
    const { db } = database;
    const rows = await db
      .select({ id: bookings.id, status: bookings.status, clientId: bookings.clientId, seerUserId: seers.userId })
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId));
    const attendance = await db.select().from(meetingAttendance);
    const byBooking = new Map<string, { userId: string; role: string }[]>();
    for (const a of attendance) byBooking.set(a.bookingId, [...(byBooking.get(a.bookingId) ?? []), a]);
    let noShows = 0;
    for (const b of rows) {
      const came = (byBooking.get(b.id) ?? []).map((a) => `${a.role}:${a.userId}`).sort();
      if (b.status === "completed") expect(came, b.id).toEqual([`client:${b.clientId}`, `seer:${b.seerUserId}`].sort());
      else if (b.status === "no_show") {
        noShows++;
        expect(came, b.id).toEqual([`seer:${b.seerUserId}`]);
      } else expect(came, b.id).toEqual([]);
    }
    expect(noShows).toBeGreaterThanOrEqual(1);
  });

  it("has reviews only of completed sessions, by their client, written after them; a no-show has none", async () => {
    const rows = await database.db
      .select({ review: reviews, booking: bookings })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId));
    expect(rows.length).toBe(await database.db.$count(reviews));
    for (const { review, booking } of rows) {
      expect(booking.status, booking.id).toBe("completed");
      expect(review.clientId).toBe(booking.clientId);
      expect(review.seerId).toBe(booking.seerId);
      expect(review.createdAt.getTime()).toBeGreaterThan(booking.completedAt?.getTime() ?? Infinity);
    }
  });

  it("gives the demo client a completed session still to review, and upcoming ones to attend", async () => {
    const [client] = await database.db.select().from(users).where(eq(users.email, demoClient()));
    const own = await database.db
      .select({ id: bookings.id, status: bookings.status, review: reviews.id })
      .from(bookings)
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(eq(bookings.clientId, client?.id ?? ""));
    expect(own.filter((b) => b.status === "completed" && b.review === null).length).toBeGreaterThanOrEqual(1);
    expect(own.filter((b) => b.status === "completed" && b.review !== null).length).toBe(4);
    expect(own.filter((b) => b.status === "no_show")).toHaveLength(1);
    expect(own.filter((b) => b.status === "confirmed").length).toBeGreaterThanOrEqual(3);
  });
});

describe("factories", () => {
  it("split booking money exactly and derive the session's instants from the UTC date and time", async () => {
    const { db } = database;
    const client = await createUser(db, { email: `Someone-${Date.now()}@Example.test` }, { password: "a-long-password" });
    expect(client.email).toBe(client.email.toLowerCase());
    const seer = await createSeer(db);
    const booking = await createBooking(db, {
      clientId: client.id,
      seerId: seer.id,
      amount: "45.05",
      sessionType: "60min",
      scheduledDate: "2030-01-15",
      scheduledTime: "09:00",
    });
    expect(booking).toMatchObject({ amount: "45.05", platformFee: "9.01", seerEarnings: "36.04", status: "pending" });
    expect(booking.startsAt.toISOString()).toBe("2030-01-15T09:00:00.000Z");
    expect(booking.endsAt.toISOString()).toBe("2030-01-15T10:00:00.000Z");
    expect(seer).toMatchObject({ verificationStatus: "approved", price15Min: "25.00", price30Min: "45.00", price60Min: "80.00" });
  });
});
