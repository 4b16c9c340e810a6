import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../db/seed/factories";
import { signIn, trpcError, trpcQuery, type TestApp } from "../../test/app";
import { MEETING_NOT_FOUND_MESSAGE } from "./messages";
import { bookingTestKit } from "./test-kit";

const kit = bookingTestKit();
const { freshDate, createIntent } = kit;
let t: TestApp;
let seerId: string;
let client: { cookie: string; email: string };
let other: { cookie: string; email: string };
let seerCookie: string;
beforeAll(() => void ({ t, seerId, client, other, seerCookie } = kit.get()));

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
