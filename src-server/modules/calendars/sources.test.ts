import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { calendarTexts } from "../../../src/schemas/calendars";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { CalendarFetchError, checkCalendarUrl, guardedFetch, isPrivateAddress } from "./guarded-fetch";

const NOW = new Date("2026-10-01T00:00:00Z");
const LONDON = readFileSync(path.join(import.meta.dirname, "fixtures", "london-weekly.ics"), "utf8");

/** A calendar host: what it answers is set by each test. */
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: LONDON };
let server: Server;
let feedUrl = "";
let t: TestApp;
let seerId: string;
let seerCookie: string;
let otherSeerCookie: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    const { status, body, delayMs } = answer;
    setTimeout(() => res.writeHead(status, { "content-type": "text/calendar" }).end(body), delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  feedUrl = `http://127.0.0.1:${address && typeof address === "object" ? address.port : 0}/seer.ics`;
  t = await createTestApp({ clock: new FakeClock(NOW) });
  for (const [email, timezone] of [
    ["seer-sources@example.com", "Europe/London"],
    ["other-sources@example.com", "UTC"],
  ] as const) {
    const user = await createUser(t.database.db, { role: "seer", email }, { password: "seer password 1" });
    const seer = await createSeer(t.database.db, { userId: user.id, timezone });
    if (email.startsWith("seer")) seerId = seer.id;
  }
  seerCookie = await signIn(t.app, "seer-sources@example.com", "seer password 1");
  otherSeerCookie = await signIn(t.app, "other-sources@example.com", "seer password 1");
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

interface Listed {
  id: string;
  kind: string;
  label: string;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  busyCount: number;
  longestBusyMinutes: number;
}
const list = async (cookie = seerCookie) => trpcData<Listed[]>(await trpcQuery(t.app, "calendars.list", undefined, cookie));
const busy = async () =>
  (await t.app.services.calendars.externalBusy(seerId, NOW, new Date("2027-01-01T00:00:00Z"))).map((b) => b.start.toISOString());

describe("a Seer's iCalendar address", () => {
  it("is read when added and by the job: its busy times, recurrences expanded; an error keeps them and shows", async () => {
    answer = { status: 200, body: LONDON };
    const added = await trpcMutation(t.app, "calendars.add", { kind: "ical", url: feedUrl.replace("http://", "webcal://") }, seerCookie);
    // webcal:// is read as https://, which this test host does not speak: the calendar is added, showing the error.
    expect(added.statusCode, added.body).toBe(200);
    expect(trpcData<Listed>(added).lastError).toMatch(/could not be read/);
    const removed = await trpcMutation(t.app, "calendars.remove", { id: trpcData<Listed>(added).id }, seerCookie);
    expect(removed.statusCode).toBe(200);

    const plain = trpcData<Listed>(await trpcMutation(t.app, "calendars.add", { kind: "ical", url: feedUrl }, seerCookie));
    expect(plain).toMatchObject({ kind: "ical", label: new URL(feedUrl).host, lastError: null, lastSuccessAt: NOW, busyCount: 6 });
    expect(await busy()).toContain("2026-10-27T09:00:00.000Z");

    answer = { status: 500, body: "down" };
    t.clock.advance(15 * 60_000);
    await t.app.jobs.runDue({ periodic: true });
    const [failed] = await list();
    expect(failed).toMatchObject({ lastError: "The calendar's address answered 500.", lastSuccessAt: NOW, busyCount: 6 });
    expect(failed?.lastErrorAt).toEqual(t.clock.now());
    expect(await busy()).toHaveLength(6);

    answer = { status: 200, body: "<html>Please sign in</html>" };
    await t.app.jobs.runDue({ periodic: true });
    expect((await list())[0]?.lastError).toBe("The address did not answer with a calendar (.ics).");
    expect(await busy()).toHaveLength(6);

    answer = { status: 200, body: LONDON.replace(/BEGIN:VEVENT\r\nUID:weekly-london[\s\S]*?END:VEVENT\r\n/, "") };
    await t.app.jobs.runDue({ periodic: true });
    expect((await list())[0]).toMatchObject({ lastError: null, lastSuccessAt: t.clock.now(), busyCount: 2 });
    expect(await busy()).not.toContain("2026-10-27T09:00:00.000Z");
  });

  it("is the Seer's own: another Seer's remove is told what a missing id is told, and changes nothing", async () => {
    const [mine] = await list();
    expect(mine).toBeDefined();
    const theirs = await trpcMutation(t.app, "calendars.remove", { id: mine?.id }, otherSeerCookie);
    const missing = await trpcMutation(t.app, "calendars.remove", { id: "no-such-calendar" }, otherSeerCookie);
    expect(theirs.statusCode).toBe(404);
    expect(trpcError(theirs).message).toBe(calendarTexts.notFound);
    expect(trpcError(missing).message).toBe(calendarTexts.notFound);
    expect(await list()).toHaveLength(1);
    expect(await list(otherSeerCookie)).toEqual([]);
  });

  it("adding the same address again changes nothing more, and removing frees its busy times", async () => {
    const again = trpcData<Listed>(await trpcMutation(t.app, "calendars.add", { kind: "ical", url: feedUrl }, seerCookie));
    expect(await list()).toHaveLength(1);
    expect((await trpcMutation(t.app, "calendars.remove", { id: again.id }, seerCookie)).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    expect(await busy()).toEqual([]);
  });

  it("refuses an address that is not http(s), with the form's message, and stores nothing", async () => {
    for (const url of ["ftp://example.com/cal.ics", "file:///etc/passwd", "not a url"]) {
      const refused = await trpcMutation(t.app, "calendars.add", { kind: "ical", url }, seerCookie);
      expect(refused.statusCode).toBe(400);
      expect(trpcError(refused).data.zodError?.fieldErrors.url).toEqual([calendarTexts.url]);
    }
    expect(await list()).toEqual([]);
  });

  it("at booking time reads within its short timeout and never throws", async () => {
    answer = { status: 200, body: LONDON };
    const added = trpcData<Listed>(await trpcMutation(t.app, "calendars.add", { kind: "ical", url: feedUrl }, seerCookie));
    answer = { status: 200, body: LONDON, delayMs: 6_000 };
    const started = Date.now();
    await expect(t.app.services.calendars.refreshSeerCalendars(seerId)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_900);
    expect((await list())[0]?.lastError).toMatch(/did not answer within 4 seconds/);
    expect(await busy()).toHaveLength(6);
    await trpcMutation(t.app, "calendars.remove", { id: added.id }, seerCookie);
  }, 20_000);
});

describe("the guard on calendar addresses (SSRF)", () => {
  it("knows loopback, private, link-local and mapped addresses", () => {
    for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "::1", "fd00::1", "::ffff:127.0.0.1", "0.0.0.0"])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "2606:4700::1111", "8.8.8.8"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses private addresses unless allowed, by name and at connection, and other protocols always", async () => {
    expect(() => checkCalendarUrl("http://127.0.0.1/x.ics", { allowPrivate: false })).toThrow(CalendarFetchError);
    expect(() => checkCalendarUrl("http://localhost/x.ics", { allowPrivate: false })).toThrow(CalendarFetchError);
    expect(() => checkCalendarUrl("http://[::1]/x.ics", { allowPrivate: false })).toThrow(CalendarFetchError);
    expect(() => checkCalendarUrl("gopher://example.com/", { allowPrivate: true })).toThrow(CalendarFetchError);
    expect(checkCalendarUrl(feedUrl, { allowPrivate: true }).href).toBe(feedUrl);
    const strict = guardedFetch({ allowPrivate: false, timeoutMs: 2_000, maxBytes: 1_000_000 });
    await expect(strict(feedUrl)).rejects.toThrow("This address is on a private network and cannot be read.");
    // A name that resolves to a private address (this machine's own name) is refused when connecting.
    await expect(strict(feedUrl.replace("127.0.0.1", os.hostname()))).rejects.toThrow(
      "This address is on a private network and cannot be read.",
    );
  });

  it("stops reading a calendar larger than the limit", async () => {
    answer = { status: 200, body: LONDON };
    const small = guardedFetch({ allowPrivate: true, timeoutMs: 2_000, maxBytes: 100 });
    await expect(small(feedUrl)).rejects.toThrow(/larger than/);
  });
});
