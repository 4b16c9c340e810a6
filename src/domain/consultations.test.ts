import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "./money";
import {
  TIME_SLOTS,
  dateInTimeZone,
  isTimeSlot,
  isValidDate,
  isValidTimeZone,
  sessionEnd,
  sessionTypeOrDefault,
  splitCommission,
  timeInTimeZone,
  zonedDateTimeToInstant,
} from "./consultations";

describe("consultation rules", () => {
  it("defaults the session to 30min when missing or unknown", () => {
    expect(sessionTypeOrDefault(undefined)).toBe("30min");
    expect(sessionTypeOrDefault("45min")).toBe("30min");
    expect(sessionTypeOrDefault("60min")).toBe("60min");
    expect(sessionTypeOrDefault("15min")).toBe("15min");
  });

  it("offers the 12 hourly slots 09:00 to 20:00", () => {
    expect(TIME_SLOTS).toHaveLength(12);
    expect(TIME_SLOTS[0]).toBe("09:00");
    expect(TIME_SLOTS[11]).toBe("20:00");
    expect(isTimeSlot("10:00")).toBe(true);
    expect(isTimeSlot("10:30")).toBe(false);
    expect(isTimeSlot("21:00")).toBe(false);
  });

  it("splits 20% to the platform and 80% to the Seer in exact cents", () => {
    expect(splitCommission(cents(4500))).toEqual({ platformFee: 900, seerEarnings: 3600 });
    expect(splitCommission(cents(1999))).toEqual({ platformFee: 400, seerEarnings: 1599 });
    expect(splitCommission(cents(1))).toEqual({ platformFee: 0, seerEarnings: 1 });
  });

  it("validates timezones and calendar dates", () => {
    expect(isValidTimeZone("Africa/Accra")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidDate("2026-02-28")).toBe(true);
    expect(isValidDate("2026-02-30")).toBe(false);
    expect(isValidDate("26-2-3")).toBe(false);
  });

  it("turns a wall-clock time in the client's timezone into the right instant", () => {
    expect(zonedDateTimeToInstant("2026-11-23", "10:00", "UTC").toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(zonedDateTimeToInstant("2026-11-23", "10:00", "America/New_York").toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(zonedDateTimeToInstant("2026-07-01", "10:00", "America/New_York").toISOString()).toBe("2026-07-01T14:00:00.000Z");
    expect(zonedDateTimeToInstant("2026-11-23", "09:00", "Asia/Kolkata").toISOString()).toBe("2026-11-23T03:30:00.000Z");
    expect(zonedDateTimeToInstant("2026-11-23", "20:00", "Pacific/Kiritimati").toISOString()).toBe("2026-11-23T06:00:00.000Z");
    // Either side of New York's spring-forward (2027-03-14 02:00 -> 03:00) and fall-back (2026-11-01 02:00 -> 01:00).
    expect(zonedDateTimeToInstant("2027-03-14", "01:00", "America/New_York").toISOString()).toBe("2027-03-14T06:00:00.000Z");
    expect(zonedDateTimeToInstant("2027-03-14", "03:00", "America/New_York").toISOString()).toBe("2027-03-14T07:00:00.000Z");
    // 02:30 does not exist that night: it moves forward by the gap, to 03:30.
    expect(zonedDateTimeToInstant("2027-03-14", "02:30", "America/New_York").toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(zonedDateTimeToInstant("2026-11-01", "09:00", "America/New_York").toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(zonedDateTimeToInstant("2026-10-31", "09:00", "America/New_York").toISOString()).toBe("2026-10-31T13:00:00.000Z");
  });

  it("knows the date on a timezone's wall clock and where a session ends", () => {
    const instant = new Date("2026-11-23T23:30:00Z");
    expect(dateInTimeZone(instant, "UTC")).toBe("2026-11-23");
    expect(dateInTimeZone(instant, "Africa/Nairobi")).toBe("2026-11-24");
    expect(timeInTimeZone(new Date("2026-07-01T14:05:00Z"), "America/New_York")).toBe("10:05");
    expect(timeInTimeZone(new Date("2026-11-23T21:30:00Z"), "Africa/Nairobi")).toBe("00:30");
    expect(sessionEnd(new Date("2026-11-23T10:00:00Z"), "60min").toISOString()).toBe("2026-11-23T11:00:00.000Z");
  });

  it("reads a wall clock as Intl does, in zones with summer time, half and quarter hours, either side of the date line", () => {
    const zones = [
      "UTC",
      "Africa/Accra",
      "Africa/Nairobi",
      "America/New_York",
      "Europe/London",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Pacific/Chatham",
      "Pacific/Kiritimati",
      "America/St_Johns",
    ];
    const intl = (instant: Date, timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat("en-CA", {
          timeZone,
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        })
          .formatToParts(instant)
          .map((part) => [part.type, part.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
    };
    fc.assert(
      fc.property(
        // Minutes from 2020 to 2040, and the zones' transitions come up often enough at this density.
        fc.integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        (minute, zone) => {
          const instant = new Date(minute * 60_000);
          expect(`${dateInTimeZone(instant, zone)} ${timeInTimeZone(instant, zone)}`).toBe(intl(instant, zone));
        },
      ),
      { numRuns: 3000 },
    );
    // Both sides of New York's spring and autumn changes, a minute apart.
    for (const iso of ["2027-03-14T06:59:00Z", "2027-03-14T07:00:00Z", "2026-11-01T05:59:00Z", "2026-11-01T06:00:00Z"]) {
      expect(`${dateInTimeZone(new Date(iso), "America/New_York")} ${timeInTimeZone(new Date(iso), "America/New_York")}`).toBe(
        intl(new Date(iso), "America/New_York"),
      );
    }
  });
});
