import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import { createTestApp, payForBooking, signIn, signUp, trpcMutation, type TestApp } from "../../test/app";
import { BOOKING_NOT_FOUND } from "./messages";

const NOW = new Date("2026-11-22T08:00:00Z");
let t: TestApp;
let seerId: string;
let seerCookie: string;
let client: { cookie: string };
let stranger: { cookie: string };
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  const seerUser = await createUser(
    t.database.db,
    { role: "seer", email: "seer-ics@example.com" },
    { password: "seer password 1" },
  );
  seerId = (
    await createSeer(t.database.db, {
      userId: seerUser.id,
      timezone: "Africa/Lagos",
      fullName: "Iya Ifeoma",
      price60Min: "80.00",
    })
  ).id;
  seerCookie = await signIn(t.app, "seer-ics@example.com", "seer password 1");
  await createUser(t.database.db, { role: "admin", email: "admin-ics@example.com" }, { password: "admin password 1" });
  adminCookie = await signIn(t.app, "admin-ics@example.com", "admin password 1");
  client = await signUp(t.app, { email: "client-ics@example.com" });
  stranger = await signUp(t.app, { email: "stranger-ics@example.com" });
});
afterAll(async () => {
  await t.close();
});

async function createBooking(date: string) {
  const created = await t.app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: { "content-type": "application/json", cookie: client.cookie },
    payload: JSON.stringify({ seerId, sessionType: "60min", scheduledDate: date, scheduledTime: "10:00", clientTimezone: "UTC" }),
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ clientSecret: string; bookingId: string; paymentIntentId: string }>();
}

const paidBooking = async (date: string) =>
  (await payForBooking(t.app, client.cookie, { seerId, scheduledDate: date })).bookingId;

const calendar = (bookingId: string, cookie?: string) =>
  t.app.inject({ method: "GET", url: `/api/bookings/${bookingId}/calendar.ics`, headers: cookie ? { cookie } : {} });

describe("GET /api/bookings/{id}/calendar.ics", () => {
  it("gives the booking's client and its Seer the same calendar entry, as a file", async () => {
    const bookingId = await paidBooking("2026-12-01");
    for (const cookie of [client.cookie, seerCookie]) {
      const response = await calendar(bookingId, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe('attachment; filename="consultation-2026-12-01.ics"');
      expect(response.body).toContain("METHOD:PUBLISH");
      expect(response.body).toContain(`UID:booking-${bookingId}@seer-marketplace`);
      expect(response.body).toContain("DTSTART:20261201T100000Z");
      expect(response.body).toContain("SEQUENCE:0");
      expect(response.body).toContain("SUMMARY:60 Minute Consultation with Iya Ifeoma");
    }
  });

  it("answers a stranger, an admin, a missing id and an unpaid booking exactly as a missing one, and a visitor 401", async () => {
    const bookingId = await paidBooking("2026-12-02");
    const unpaid = (await createBooking("2026-12-03")).bookingId;
    for (const [id, cookie] of [
      [bookingId, stranger.cookie],
      [bookingId, adminCookie],
      ["00000000-0000-0000-0000-000000000000", client.cookie],
      [unpaid, client.cookie],
    ] as const) {
      const response = await calendar(id, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(BOOKING_NOT_FOUND);
    }
    expect((await calendar(bookingId)).statusCode).toBe(401);
  });

  it("gives the cancelling version (METHOD:CANCEL, same UID, higher SEQUENCE) once the booking is cancelled", async () => {
    const bookingId = await paidBooking("2026-12-04");
    expect((await trpcMutation(t.app, "bookings.cancel", { bookingId, sequence: 0 }, client.cookie)).statusCode).toBe(200);
    const response = await calendar(bookingId, seerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("METHOD:CANCEL");
    expect(response.body).toContain("STATUS:CANCELLED");
    expect(response.body).toContain(`UID:booking-${bookingId}@seer-marketplace`);
    expect(response.body).toContain("SEQUENCE:1");
  });
});
