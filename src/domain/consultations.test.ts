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
});
