import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { bookings } from "../../../db/schema";
import { FakeClock } from "../../platform/clock";
import type { TestPaymentProvider } from "../../platform/payments/test-provider";
import { createTestApp, signIn, signUp, trpcMutation, type TestApp } from "../../test/app";

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
