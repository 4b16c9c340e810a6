/**
 * Against a real CalDAV server: Debian's Radicale (`apt-get install -y radicale`, as .ci/run installs it), started
 * here on a free loopback port with its own storage and a plain htpasswd file. Skipped, saying so, when the binary
 * is missing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { DAVClient } from "tsdav";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seerCalendars } from "../../../db/schema";
import { createSeer, createUser } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, trpcData, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { encryptSecret } from "./secrets";
import { calendarConfig } from "../../platform/config";

const RADICALE = "/usr/bin/radicale";
const present = existsSync(RADICALE);
if (!present) console.warn(`caldav.test.ts skipped: ${RADICALE} is missing (apt-get install -y radicale)`);

const NOW = new Date("2026-10-01T00:00:00Z");
const USER = "seer";
const PASSWORD = "radicale password 1";

let radicale: ChildProcess | undefined;
let folder = "";
let base = "";
let t: TestApp;
let seerId: string;
let seerCookie: string;
let dav: DAVClient;
let collectionUrl = "";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

async function startRadicale(): Promise<void> {
  folder = mkdtempSync(path.join(os.tmpdir(), "seer-radicale-"));
  const port = await freePort();
  writeFileSync(path.join(folder, "users"), `${USER}:${PASSWORD}\n`);
  writeFileSync(
    path.join(folder, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(folder, "users")}`,
      "htpasswd_encryption = plain",
      "delay = 0",
      "[storage]",
      `filesystem_folder = ${path.join(folder, "collections")}`,
      "[logging]",
      "level = warning",
    ].join("\n"),
  );
  radicale = spawn(RADICALE, ["--config", path.join(folder, "config")], { stdio: "ignore" });
  base = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base)).status > 0) return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error("Radicale did not start");
}

const WEEKLY = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Seer tests//CalDAV//EN",
  "BEGIN:VTIMEZONE",
  "TZID:Europe/London",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19810329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19961027T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
  "BEGIN:VEVENT",
  "UID:weekly-caldav@seer.test",
  "DTSTAMP:20260901T000000Z",
  "SUMMARY:Choir practice",
  "DTSTART;TZID=Europe/London:20261013T100000",
  "DTEND;TZID=Europe/London:20261013T110000",
  "RRULE:FREQ=WEEKLY;COUNT=4",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const busyOf = async () =>
  (await t.app.services.calendars.externalBusy(seerId, NOW, new Date("2027-01-01T00:00:00Z"))).map(
    (b) => `${b.start.toISOString()} ${b.end.toISOString()}`,
  );

/** Whether the booking wizard offers a time to a client in London: neither taken nor left out (bookings.takenSlots). */
const offered = async (scheduledDate: string, time: string) => {
  const slots = trpcData<{ taken: string[]; notOffered: string[] }>(
    await trpcQuery(t.app, "bookings.takenSlots", {
      seerId,
      scheduledDate,
      clientTimezone: "Europe/London",
      sessionType: "30min",
    }),
  );
  return !slots.taken.includes(time) && !slots.notOffered.includes(time);
};

interface Listed {
  id: string;
  label: string;
  lastSuccessAt: Date | null;
  lastError: string | null;
  busyCount: number;
}
const list = async () => trpcData<Listed[]>(await trpcQuery(t.app, "calendars.list", undefined, seerCookie));

describe.skipIf(!present)("a Seer's CalDAV calendar (Radicale)", () => {
  beforeAll(async () => {
    await startRadicale();
    t = await createTestApp({ clock: new FakeClock(NOW) });
    const user = await createUser(
      t.database.db,
      { role: "seer", email: "seer-caldav@example.com" },
      { password: "seer password 1" },
    );
    seerId = (await createSeer(t.database.db, { userId: user.id, timezone: "Europe/London" })).id;
    seerCookie = await signIn(t.app, "seer-caldav@example.com", "seer password 1");
    dav = new DAVClient({
      serverUrl: base,
      credentials: { username: USER, password: PASSWORD },
      authMethod: "Basic",
      defaultAccountType: "caldav",
    });
    await dav.login();
    collectionUrl = `${base}${USER}/busy/`;
    await dav.makeCalendar({ url: collectionUrl, props: { displayname: "Busy" } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    radicale?.kill();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("reads an event created on the server, a weekly one across the end of summer time, and frees it once deleted", async () => {
    const added = await trpcMutation(
      t.app,
      "calendars.add",
      { kind: "caldav", url: base, username: USER, password: PASSWORD },
      seerCookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    const [calendar] = await list();
    expect(calendar?.label).toBe(`${USER} at ${new URL(base).host}`);
    expect(calendar?.lastError).toBeNull();
    expect(calendar?.lastSuccessAt).toEqual(NOW);
    expect(await busyOf()).toEqual([]);
    // Stored encrypted: neither the password nor its text is in the row.
    const [row] = await t.database.db.select().from(seerCalendars).where(eq(seerCalendars.seerId, seerId));
    expect(row?.passwordEncrypted).toMatch(/^v1\./);
    expect(row?.passwordEncrypted).not.toContain(PASSWORD);

    const created = await dav.createCalendarObject({
      calendar: { url: collectionUrl },
      filename: "weekly.ics",
      iCalString: WEEKLY,
    });
    expect(created.ok).toBe(true);
    expect(await offered("2026-10-27", "10:00")).toBe(true);
    await t.app.jobs.runDue({ periodic: true });
    // 10:00 in London: 09:00Z in summer time (13 and 20 October), 10:00Z after 25 October.
    expect(await busyOf()).toEqual([
      "2026-10-13T09:00:00.000Z 2026-10-13T10:00:00.000Z",
      "2026-10-20T09:00:00.000Z 2026-10-20T10:00:00.000Z",
      "2026-10-27T10:00:00.000Z 2026-10-27T11:00:00.000Z",
      "2026-11-03T10:00:00.000Z 2026-11-03T11:00:00.000Z",
    ]);
    expect((await list())[0]?.busyCount).toBe(4);
    // The booking wizard no longer offers those times, on either side of the clock change; the hour after stays.
    expect(await offered("2026-10-13", "10:00")).toBe(false);
    expect(await offered("2026-10-27", "10:00")).toBe(false);
    expect(await offered("2026-10-27", "11:00")).toBe(true);

    const deleted = await dav.deleteCalendarObject({ calendarObject: { url: `${collectionUrl}weekly.ics`, etag: "" } });
    expect(deleted.ok).toBe(true);
    await t.app.jobs.runDue({ periodic: true });
    expect(await busyOf()).toEqual([]);
    expect(await offered("2026-10-27", "10:00")).toBe(true);
  });

  it("shows a refused sign-in with the last success, and keeps the busy times read before", async () => {
    await dav.createCalendarObject({ calendar: { url: collectionUrl }, filename: "weekly.ics", iCalString: WEEKLY });
    await t.app.services.calendars.refreshSeerCalendars(seerId);
    const before = await busyOf();
    expect(before).toHaveLength(4);
    const key = calendarConfig("development").secretKey;
    await t.database.db
      .update(seerCalendars)
      .set({ passwordEncrypted: encryptSecret(key, "not the password") })
      .where(eq(seerCalendars.seerId, seerId));
    t.clock.advance(15 * 60_000);
    await t.app.jobs.runDue({ periodic: true });
    const [calendar] = await list();
    expect(calendar?.lastError).toMatch(/^The CalDAV server refused the sign-in/);
    expect(calendar?.lastSuccessAt).toEqual(NOW);
    expect(await busyOf()).toEqual(before);
  });
});
