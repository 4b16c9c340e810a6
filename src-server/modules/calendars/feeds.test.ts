import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import { createTestApp, payForBooking, signIn, signUp, trpcData, trpcMutation, trpcQuery, type TestApp } from "../../test/app";

const NOW = new Date("2026-11-22T08:00:00Z");
let t: TestApp;
let seerId: string;
let seerCookie: string;
let client: { cookie: string };
let stranger: { cookie: string };

interface Address {
  httpsUrl: string;
  webcalUrl: string;
}

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  const seerUser = await createUser(t.database.db, { role: "seer", email: "seer-feed@example.com" }, { password: "seer password 1" });
  seerId = (await createSeer(t.database.db, { userId: seerUser.id, fullName: "Iya Ifeoma", price60Min: "80.00" })).id;
  seerCookie = await signIn(t.app, "seer-feed@example.com", "seer password 1");
  client = await signUp(t.app, { email: "client-feed@example.com", firstName: "Kwabena", lastName: "Asante" });
  stranger = await signUp(t.app, { email: "stranger-feed@example.com" });
});
afterAll(async () => {
  await t.close();
});

const address = async (cookie: string) => trpcData<Address>(await trpcQuery(t.app, "calendars.feed", undefined, cookie));
/** The feed as a subscribed calendar reads it: no cookie, the path of the address. */
const subscribe = async (url: string) => {
  const response = await t.app.inject({ method: "GET", url: new URL(url).pathname });
  // Content lines are folded at 75 octets (RFC 5545): read them unfolded.
  return { statusCode: response.statusCode, headers: response.headers, body: response.body.replace(/\r\n[ \t]/g, "") };
};

describe("the calendar feed, GET /calendar/{token}.ics", () => {
  it("gives each person one secret address, the same on every ask, as https:// and webcal://", async () => {
    const first = await address(seerCookie);
    expect(first.httpsUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcalUrl).toBe(first.httpsUrl.replace("http://", "webcal://"));
    expect(await address(seerCookie)).toEqual(first);
    expect((await address(client.cookie)).httpsUrl).not.toBe(first.httpsUrl);
  });

  it("lists a confirmed booking in the Seer's and the client's feeds, not a stranger's, and drops it once cancelled", async () => {
    const { bookingId } = await payForBooking(t.app, client.cookie, { seerId, scheduledDate: "2026-12-01" });
    const seerFeed = await subscribe((await address(seerCookie)).httpsUrl);
    expect(seerFeed.statusCode, seerFeed.body).toBe(200);
    expect(seerFeed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(seerFeed.headers["cache-control"]).toBe("private, max-age=300");
    expect(seerFeed.body).toContain(`UID:booking-${bookingId}@seer-marketplace`);
    expect(seerFeed.body).toContain("SUMMARY:60 Minute Session with Kwabena");
    expect(seerFeed.body).not.toContain("Asante");
    expect(seerFeed.body).toContain(`/meeting/${bookingId}`);
    expect(seerFeed.body).toContain("DTSTART:20261201T100000Z");
    const clientFeed = (await subscribe((await address(client.cookie)).httpsUrl)).body;
    expect(clientFeed).toContain(`UID:booking-${bookingId}@seer-marketplace`);
    expect(clientFeed).toContain("SUMMARY:60 Minute Consultation with Iya Ifeoma");
    expect((await subscribe((await address(stranger.cookie)).httpsUrl)).body).not.toContain(bookingId);

    const cancelled = await trpcMutation(t.app, "bookings.cancel", { bookingId, sequence: 0 }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const cookie of [seerCookie, client.cookie]) {
      const after = await subscribe((await address(cookie)).httpsUrl);
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain("BEGIN:VCALENDAR");
      expect(after.body).not.toContain(bookingId);
    }
  });

  it("leaves out sessions that have ended", async () => {
    const { bookingId } = await payForBooking(t.app, client.cookie, { seerId, scheduledDate: "2026-12-02" });
    const url = (await address(seerCookie)).httpsUrl;
    expect((await subscribe(url)).body).toContain(bookingId);
    t.clock.set(new Date("2026-12-02T11:00:01Z"));
    try {
      expect((await subscribe(url)).body).not.toContain(bookingId);
    } finally {
      t.clock.set(NOW);
    }
  });

  it("answers 404 to the old address once reset, and to any address that is not a feed's", async () => {
    const old = await address(client.cookie);
    const reset = trpcData<Address>(await trpcMutation(t.app, "calendars.resetFeed", undefined, client.cookie));
    expect(reset.httpsUrl).not.toBe(old.httpsUrl);
    expect(await address(client.cookie)).toEqual(reset);
    expect((await subscribe(old.httpsUrl)).statusCode).toBe(404);
    expect((await subscribe(reset.httpsUrl)).statusCode).toBe(200);
    for (const path of ["/calendar/nothing.ics", `/calendar/${"A".repeat(43)}.ics`, `${new URL(reset.httpsUrl).pathname.slice(0, -4)}`]) {
      expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    }
  });

  it("stops answering once its person deletes their account", async () => {
    const leaving = await signUp(t.app, { email: "leaving-feed@example.com" });
    const url = (await address(leaving.cookie)).httpsUrl;
    expect((await subscribe(url)).statusCode).toBe(200);
    const deleted = await trpcMutation(t.app, "account.deleteAccount", { currentPassword: leaving.password }, leaving.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await subscribe(url)).statusCode).toBe(404);
  });

  it("gives no address to a visitor", async () => {
    expect((await trpcQuery(t.app, "calendars.feed")).statusCode).toBe(401);
    expect((await trpcMutation(t.app, "calendars.resetFeed", undefined)).statusCode).toBe(401);
  });
});
