import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { busyFromIcs } from "./busy";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const iso = (busy: { start: Date; end: Date }[]) => busy.map((b) => `${b.start.toISOString()} ${b.end.toISOString()}`);
const window = { from: new Date("2026-10-01T00:00:00Z"), to: new Date("2027-04-01T00:00:00Z") };

describe("busyFromIcs", () => {
  it("expands a weekly London event across the end of summer time, without its EXDATE, with its moved instance", () => {
    const busy = iso(busyFromIcs(fixture("london-weekly.ics"), window, "Europe/London"));
    // 09:00 on the London clock is 08:00Z in summer time and 09:00Z after 25 October; 13 October is excluded and
    // 3 November moved to 15:00.
    expect(busy).toEqual([
      "2026-10-06T08:00:00.000Z 2026-10-06T09:00:00.000Z",
      "2026-10-08T23:00:00.000Z 2026-10-09T23:00:00.000Z",
      "2026-10-20T08:00:00.000Z 2026-10-20T09:00:00.000Z",
      "2026-10-27T09:00:00.000Z 2026-10-27T10:00:00.000Z",
      "2026-11-03T15:00:00.000Z 2026-11-03T16:00:00.000Z",
      "2026-11-10T09:00:00.000Z 2026-11-10T10:00:00.000Z",
    ]);
  });

  it("leaves out transparent, cancelled and free all-day events, and takes an all-day one as the Seer's whole day", () => {
    const newYork = iso(busyFromIcs(fixture("london-weekly.ics"), window, "America/New_York"));
    expect(newYork).toContain("2026-10-09T04:00:00.000Z 2026-10-10T04:00:00.000Z");
    expect(newYork).toHaveLength(6);
    const all = newYork.join("\n");
    for (const day of ["2026-10-07T11:00", "2026-10-08T12:00", "2026-10-12"]) expect(all).not.toContain(day);
  });

  it("expands a weekly New York event across both daylight-saving changes, without its EXDATE", () => {
    const busy = iso(busyFromIcs(fixture("new-york-weekly.ics"), { from: window.from, to: new Date("2026-11-20T00:00:00Z") }, "UTC"));
    expect(busy).toEqual([
      "2026-10-22T18:00:00.000Z 2026-10-22T19:00:00.000Z",
      "2026-10-29T18:00:00.000Z 2026-10-29T19:00:00.000Z",
      "2026-11-12T19:00:00.000Z 2026-11-12T20:00:00.000Z",
      "2026-11-19T19:00:00.000Z 2026-11-19T20:00:00.000Z",
    ]);
    const spring = iso(busyFromIcs(fixture("new-york-weekly.ics"), { from: new Date("2027-03-01T00:00:00Z"), to: window.to }, "UTC"));
    expect(spring).toContain("2027-03-08T14:00:00.000Z 2027-03-08T15:00:00.000Z");
    expect(spring).toContain("2027-03-15T13:00:00.000Z 2027-03-15T14:00:00.000Z");
  });

  it("keeps only what meets the window, and an event of months as written", () => {
    const text = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "BEGIN:VEVENT",
      "UID:long@seer.test",
      "DTSTAMP:20260901T000000Z",
      "DTSTART:20260901T000000Z",
      "DTEND:20270101T000000Z",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:old@seer.test",
      "DTSTAMP:20260901T000000Z",
      "DTSTART:20260901T100000Z",
      "DTEND:20260901T110000Z",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    expect(iso(busyFromIcs(text, window, "UTC"))).toEqual(["2026-09-01T00:00:00.000Z 2027-01-01T00:00:00.000Z"]);
  });

  it("refuses what is not a calendar", () => {
    expect(busyFromIcs("<html>Sign in</html>", window, "UTC")).toEqual([]);
  });
});
