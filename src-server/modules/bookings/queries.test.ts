import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, signUp, trpcError, trpcQuery, type TestApp } from "../../test/app";
import { MEETING_NOT_FOUND_MESSAGE } from "./messages";

const NOW = new Date("2026-11-22T10:00:00Z");
let t: TestApp;
let seerId: string;
let seerCookie: string;
let client: { cookie: string; email: string };
let other: { cookie: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  const seerUser = await createUser(
    t.database.db,
    { role: "seer", email: "seer-booking@example.com" },
    { password: "seer password 1" },
  );
  seerId = (await createSeer(t.database.db, { userId: seerUser.id, price15Min: null, price30Min: "45.00", price60Min: "80.00" }))
    .id;
  seerCookie = await signIn(t.app, "seer-booking@example.com", "seer password 1");
  client = await signUp(t.app, { email: "client-booking@example.com" });
  other = await signUp(t.app, { email: "other-booking@example.com" });
});
afterAll(async () => {
  await t.close();
});

let nextDay = 1;
/** Each test books its own day so that tests do not share slots. */
const freshDate = () => new Date(NOW.getTime() + nextDay++ * 86_400_000).toISOString().slice(0, 10);

function createIntent(cookie: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ seerId, sessionType: "60min", scheduledTime: "10:00", notes: "", clientTimezone: "UTC", ...body }),
  });
}

describe("reading bookings", () => {
  it("lets the client, the Seer and admins load a booking; anyone else gets the meeting's not-found text", async () => {
    const created = (
      await createIntent(client.cookie, { scheduledDate: freshDate(), scheduledTime: "20:00", notes: "Bring questions" })
    ).json();
    await createUser(t.database.db, { role: "admin", email: "admin-booking@example.com" }, { password: "admin password 1" });
    const adminCookie = await signIn(t.app, "admin-booking@example.com", "admin password 1");
    const get = (cookie: string, id = created.bookingId) =>
      t.app.inject({ method: "GET", url: `/api/bookings/${id}`, headers: { cookie } });

    for (const cookie of [client.cookie, seerCookie, adminCookie]) {
      const response = await get(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: "pending",
        scheduledTime: "20:00",
        sessionType: "60min",
        notes: "Bring questions",
      });
      expect(JSON.stringify(response.json())).not.toContain("@example.com");
    }
    for (const response of [await get(other.cookie), await get(other.cookie, "no-such-booking")]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(MEETING_NOT_FOUND_MESSAGE);
    }
    const trpc = await trpcQuery(t.app, "bookings.byId", { bookingId: created.bookingId }, other.cookie);
    expect(trpcError(trpc).message).toBe(MEETING_NOT_FOUND_MESSAGE);
  });

  it("GET /api/bookings gives a Seer their bookings and a client their own", async () => {
    // The other client's own hold, so that their list is not empty (the Seer's has the hold above).
    expect((await createIntent(other.cookie, { scheduledDate: freshDate(), scheduledTime: "20:00" })).statusCode).toBe(200);
    const seerList = (await t.app.inject({ method: "GET", url: "/api/bookings", headers: { cookie: seerCookie } })).json() as {
      seerId: string;
      clientId: string;
    }[];
    expect(seerList.length).toBeGreaterThan(0);
    expect(seerList.every((b) => b.seerId === seerId)).toBe(true);
    const clientList = (
      await t.app.inject({ method: "GET", url: "/api/bookings", headers: { cookie: other.cookie } })
    ).json() as { clientId: string }[];
    const otherId = (await trpcQuery(t.app, "account.me", undefined, other.cookie)).json().result.data.json.id;
    expect(clientList.length).toBeGreaterThan(0);
    expect(clientList.every((b) => b.clientId === otherId)).toBe(true);
  });
});
