import { describe, expect, it } from "vitest";
import { canReschedule, clientRefundPercent, refundFor, reminderDueAt, sessionOutcome, splitAfterRefunds } from "./after-payment";
import { zonedDateTimeToInstant } from "./consultations";
import { cents } from "./money";

const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe("the refund by the Terms", () => {
  const startsAt = new Date("2026-12-10T15:00:00Z");
  const before = (ms: number) => new Date(startsAt.getTime() - ms);

  it("is 100% more than 24 hours ahead, 50% within, nothing from the start", () => {
    expect(clientRefundPercent(startsAt, before(24 * HOUR + SECOND))).toBe(100);
    expect(clientRefundPercent(startsAt, before(24 * HOUR))).toBe(50);
    expect(clientRefundPercent(startsAt, before(24 * HOUR - SECOND))).toBe(50);
    expect(clientRefundPercent(startsAt, before(SECOND))).toBe(50);
    expect(clientRefundPercent(startsAt, startsAt)).toBe(0);
    expect(clientRefundPercent(startsAt, new Date(startsAt.getTime() + SECOND))).toBe(0);
  });

  it.each(["Africa/Lagos", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"])(
    "counts 24 hours of elapsed time in %s, whatever the wall clock",
    (zone) => {
      const start = zonedDateTimeToInstant("2027-02-10", "10:00", zone);
      const dayBeforeSameTime = zonedDateTimeToInstant("2027-02-09", "10:00", zone);
      expect(clientRefundPercent(start, new Date(dayBeforeSameTime.getTime() - SECOND))).toBe(100);
      expect(clientRefundPercent(start, new Date(dayBeforeSameTime.getTime() + SECOND))).toBe(50);
    },
  );

  it("across a daylight-saving change, 24 hours are not the same wall-clock time the day before", () => {
    // London springs forward on 28 March 2027: 10:00 on the 27th is 23 hours before 10:00 on the 28th.
    const start = zonedDateTimeToInstant("2027-03-28", "10:00", "Europe/London");
    const dayBefore = zonedDateTimeToInstant("2027-03-27", "10:00", "Europe/London");
    expect(start.getTime() - dayBefore.getTime()).toBe(23 * HOUR);
    expect(clientRefundPercent(start, dayBefore)).toBe(50);
    expect(clientRefundPercent(start, new Date(start.getTime() - 24 * HOUR - SECOND))).toBe(100);
    // New York falls back on 7 November 2027: the same wall-clock time the day before is 25 hours earlier.
    const fall = zonedDateTimeToInstant("2027-11-07", "10:00", "America/New_York");
    const fallBefore = zonedDateTimeToInstant("2027-11-06", "10:00", "America/New_York");
    expect(fall.getTime() - fallBefore.getTime()).toBe(25 * HOUR);
    expect(clientRefundPercent(fall, fallBefore)).toBe(100);
    expect(clientRefundPercent(fall, new Date(fall.getTime() - 24 * HOUR))).toBe(50);
  });

  it("is in whole cents, full for a Seer's cancellation, and never refunds twice", () => {
    const at = before(2 * HOUR);
    expect(refundFor("client", cents(4501), cents(0), startsAt, at)).toBe(2251);
    expect(refundFor("seer", cents(4501), cents(0), startsAt, at)).toBe(4501);
    expect(refundFor("client", cents(8000), cents(0), startsAt, before(48 * HOUR))).toBe(8000);
    expect(refundFor("client", cents(8000), cents(1000), startsAt, before(48 * HOUR))).toBe(7000);
    expect(refundFor("client", cents(8000), cents(5000), startsAt, at)).toBe(0);
    expect(refundFor("client", cents(8000), cents(0), startsAt, startsAt)).toBe(0);
  });

  it("leaves the platform 20% and the Seer 80% of what was not refunded, to the cent", () => {
    expect(splitAfterRefunds(cents(8000), cents(4000))).toEqual({ platformFee: 800, seerEarnings: 3200 });
    expect(splitAfterRefunds(cents(4501), cents(2251))).toEqual({ platformFee: 450, seerEarnings: 1800 });
    expect(splitAfterRefunds(cents(4501), cents(4501))).toEqual({ platformFee: 0, seerEarnings: 0 });
    for (let amount = 50; amount < 3000; amount += 37) {
      for (const refunded of [0, 1, Math.floor(amount / 2), amount]) {
        const { platformFee, seerEarnings } = splitAfterRefunds(cents(amount), cents(refunded));
        expect(platformFee + seerEarnings + refunded).toBe(amount);
      }
    }
  });
});

describe("rescheduling and the reminder", () => {
  const startsAt = new Date("2026-12-10T15:00:00Z");
  it("moves free of charge until 24 hours before the start", () => {
    expect(canReschedule(startsAt, new Date(startsAt.getTime() - 24 * HOUR))).toBe(true);
    expect(canReschedule(startsAt, new Date(startsAt.getTime() - 24 * HOUR + SECOND))).toBe(false);
  });

  it("reminds 24 hours before, and not at all when booked less than 24 hours ahead", () => {
    expect(reminderDueAt(startsAt, new Date(startsAt.getTime() - 3 * 24 * HOUR))).toEqual(
      new Date(startsAt.getTime() - 24 * HOUR),
    );
    expect(reminderDueAt(startsAt, new Date(startsAt.getTime() - 24 * HOUR))).toEqual(new Date(startsAt.getTime() - 24 * HOUR));
    expect(reminderDueAt(startsAt, new Date(startsAt.getTime() - 24 * HOUR + SECOND))).toBeNull();
  });
});

describe("settling an ended session by the room's records", () => {
  it("is the client's no-show when the client never joined, the Seer's when only the client did", () => {
    expect(sessionOutcome({ client: true, seer: true })).toBe("completed");
    expect(sessionOutcome({ client: true, seer: false })).toBe("seer_no_show");
    expect(sessionOutcome({ client: false, seer: true })).toBe("no_show");
    // Nobody came: the client did not, and by the Terms a client's no-show forfeits.
    expect(sessionOutcome({ client: false, seer: false })).toBe("no_show");
    // A room that keeps no records decides nothing: the session completes.
    expect(sessionOutcome(null)).toBe("completed");
  });
});
