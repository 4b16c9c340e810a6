import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { bookings } from "../../../db/schema";
import { FakeClock } from "../../platform/clock";
import type { TestPaymentProvider } from "../../platform/payments/test-provider";
import { createTestApp, payForBooking, signIn, signUp, trpcMutation, type TestApp } from "../../test/app";

/** The instant the booking tests (hold, confirm, queries) run at. */
export const NOW = new Date("2026-11-22T10:00:00Z");

type Person = { cookie: string; email: string };

/**
 * One app for a booking test file, with a Seer (30 and 60 minutes), two clients and the calls the files share. Called
 * at the top of a file: it registers the file's beforeAll and afterAll (a module of its own would register them only
 * for the first file of a worker, which shares its modules).
 */
export function bookingTestKit() {
  const people = {
    t: undefined as TestApp | undefined,
    seerId: "",
    seerCookie: "",
    client: { cookie: "", email: "" } as Person,
    other: { cookie: "", email: "" } as Person,
  };
  beforeAll(async () => {
    const t = await createTestApp({ clock: new FakeClock(NOW) });
    people.t = t;
    const seerUser = await createUser(t.database.db, { role: "seer", email: "seer-booking@example.com" }, { password: "seer password 1" });
    people.seerId = (
      await createSeer(t.database.db, { userId: seerUser.id, price15Min: null, price30Min: "45.00", price60Min: "80.00" })
    ).id;
    people.seerCookie = await signIn(t.app, "seer-booking@example.com", "seer password 1");
    people.client = await signUp(t.app, { email: "client-booking@example.com" });
    people.other = await signUp(t.app, { email: "other-booking@example.com" });
  });
  afterAll(async () => {
    await people.t?.close();
  });
  const app = (): TestApp => {
    if (!people.t) throw new Error("the booking test app is not started");
    return people.t;
  };

  let nextDay = 1;
  return {
    /** The app, the Seer and the two clients, once beforeAll has made them. */
    get: () => ({ t: app(), seerId: people.seerId, seerCookie: people.seerCookie, client: people.client, other: people.other }),
    provider: () => app().app.services.payments.provider as TestPaymentProvider,
    /** Each test books its own day so that tests do not share slots. */
    freshDate: () => new Date(NOW.getTime() + nextDay++ * 86_400_000).toISOString().slice(0, 10),
    createIntent: (cookie: string | undefined, body: Record<string, unknown>) =>
      app().app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify({
          seerId: people.seerId,
          sessionType: "60min",
          scheduledTime: "10:00",
          notes: "",
          clientTimezone: "UTC",
          ...body,
        }),
      }),
    confirmBooking: (cookie: string, paymentIntentId: string) =>
      app().app.inject({
        method: "POST",
        url: "/api/confirm-booking-payment",
        headers: { "content-type": "application/json", cookie },
        payload: JSON.stringify({ paymentIntentId }),
      }),
    payWithCard: (cookie: string, clientSecret: string, cardNumber: string) =>
      trpcMutation(app().app, "payments.confirmTestCard", { clientSecret, cardNumber, expiry: "12/34", cvc: "123" }, cookie),
    bookingRow: async (id: string) => (await app().database.db.select().from(bookings).where(eq(bookings.id, id)))[0],
  };
}

/** The instant the lifecycle tests (cancel, reschedule, reviews) run at. */
export const LIFECYCLE_NOW = new Date("2026-11-22T08:00:00Z");
const DAY = 86_400_000;

/**
 * One app for a lifecycle test file: a Seer in Accra (30 and 60 minutes), a client, a stranger and an admin, signed
 * in, and paid bookings made through the public door. Called at the top of a file, as bookingTestKit.
 */
export function lifecycleTestKit() {
  const people = {
    t: undefined as TestApp | undefined,
    seerId: "",
    seerCookie: "",
    adminCookie: "",
    client: { cookie: "", email: "" } as Person,
    stranger: { cookie: "", email: "" } as Person,
  };
  beforeAll(async () => {
    const t = await createTestApp({ clock: new FakeClock(LIFECYCLE_NOW) });
    people.t = t;
    const seerUser = await createUser(t.database.db, { role: "seer", email: "seer-life@example.com" }, { password: "seer password 1" });
    people.seerId = (
      await createSeer(t.database.db, { userId: seerUser.id, timezone: "Africa/Accra", price30Min: "45.01", price60Min: "80.00" })
    ).id;
    people.seerCookie = await signIn(t.app, "seer-life@example.com", "seer password 1");
    await createUser(t.database.db, { role: "admin", email: "admin-life@example.com" }, { password: "admin password 1" });
    people.adminCookie = await signIn(t.app, "admin-life@example.com", "admin password 1");
    people.client = await signUp(t.app, { email: "client-life@example.com" });
    people.stranger = await signUp(t.app, { email: "stranger-life@example.com" });
  });
  afterAll(async () => {
    await people.t?.close();
  });
  const app = (): TestApp => {
    if (!people.t) throw new Error("the lifecycle test app is not started");
    return people.t;
  };
  let nextDay = 3;
  const freshDate = () => new Date(LIFECYCLE_NOW.getTime() + nextDay++ * DAY).toISOString().slice(0, 10);
  return {
    get: () => ({
      t: app(),
      seerId: people.seerId,
      seerCookie: people.seerCookie,
      adminCookie: people.adminCookie,
      client: people.client,
      stranger: people.stranger,
    }),
    provider: () => app().app.services.payments.provider as TestPaymentProvider,
    row: async (id: string) => (await app().database.db.select().from(bookings).where(eq(bookings.id, id)))[0],
    freshDate,
    /** A confirmed, paid booking through the public door: hold, test card, confirmation. */
    paidBooking: async (options: { date?: string; time?: string; session?: "30min" | "60min" } = {}) => {
      const date = options.date ?? freshDate();
      const { bookingId, paymentIntentId } = await payForBooking(app().app, people.client.cookie, {
        seerId: people.seerId,
        scheduledDate: date,
        sessionType: options.session,
        scheduledTime: options.time,
      });
      await app().app.jobs.runDue();
      return { bookingId, paymentIntentId, date };
    },
    mailsAbout: (bookingId: string, subject: string) =>
      app().mailer.sent.filter(
        (m) =>
          m.subject.startsWith(subject) &&
          (m.text.includes(bookingId) || m.attachments?.some((a) => a.content.includes(bookingId))),
      ),
  };
}
