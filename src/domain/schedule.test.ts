import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Availability, Weekday } from "./availability";
import { TIME_SLOTS, zonedDateTimeToInstant } from "./consultations";
import {
  DAY_FULL,
  DEFAULT_RULES,
  SAME_TIME,
  SLOT_PASSED,
  TOO_CLOSE,
  beyondHorizonMessage,
  bookableSlots,
  tooSoonMessage,
  whyNotBookable,
  type DateOverride,
  type Interval,
  type ScheduleRules,
  type SeerSchedule,
} from "./schedule";
import { NOT_AVAILABLE_MESSAGE } from "../schemas/dashboard";

const H = 3_600_000;
const DAY = 86_400_000;
const NOW = new Date("2026-11-22T08:00:00Z"); // Sunday
const LAGOS = "Africa/Lagos"; // UTC+1, no DST
const at = (date: string, time: string, zone = LAGOS) => zonedDateTimeToInstant(date, time, zone);
const session = (start: Date, minutes = 60): Interval => ({ start, end: new Date(start.getTime() + minutes * 60_000) });
const NO_RULES: ScheduleRules = { ...DEFAULT_RULES, noticeMinutes: 0 };

function schedule(over: Partial<SeerSchedule> = {}): SeerSchedule {
  return { timezone: LAGOS, weekly: null, rules: NO_RULES, overrides: [], bookings: [], busy: [], ...over };
}
const times = (slots: Date[], zone = LAGOS) => slots.map((s) => new TZDate(s, zone).toString().slice(4, 21));
const dayRange = (date: string, zone = LAGOS) => ({
  from: at(date, "00:00", zone),
  to: new Date(at(date, "00:00", zone).getTime() + DAY),
});

describe("whether a session may start at an instant", () => {
  const seer = schedule({ weekly: { "1": ["09:00"] } });
  const monday = at("2026-11-23", "09:00");

  it("accepts an offered time ahead, within the horizon", () => {
    expect(whyNotBookable(seer, monday, 60, NOW)).toBeNull();
  });
  it("refuses a time already passed, and one before the minimum notice", () => {
    expect(whyNotBookable(seer, monday, 60, monday)).toBe(SLOT_PASSED);
    const notice = schedule({ rules: { ...NO_RULES, noticeMinutes: 120 } });
    expect(whyNotBookable(notice, new Date(NOW.getTime() + 119 * 60_000), 30, NOW)).toBe(tooSoonMessage(120));
    expect(tooSoonMessage(120)).toBe("This Seer needs 2 hours notice. Please choose a later time.");
  });
  it("refuses beyond the Seer's horizon, 90 days unless they chose more", () => {
    const far = new Date(NOW.getTime() + 91 * DAY);
    expect(whyNotBookable(schedule(), far, 60, NOW)).toBe(beyondHorizonMessage(90));
    expect(beyondHorizonMessage(90)).toBe("You can book at most 90 days ahead. Please choose an earlier date.");
    expect(whyNotBookable(schedule({ rules: { ...NO_RULES, horizonDays: 365 } }), far, 60, NOW)).toBeNull();
  });
  it("refuses a move to the time the booking already has", () => {
    expect(whyNotBookable(seer, monday, 60, NOW, monday)).toBe(SAME_TIME);
  });
  it("refuses a time the Seer's week does not offer, read on the Seer's clock", () => {
    expect(whyNotBookable({ ...seer, timezone: "UTC" }, monday, 60, NOW)).toBe(NOT_AVAILABLE_MESSAGE);
  });
});

describe("a Seer's slots", () => {
  it("a 3-week time off removes every slot in it, and only those", () => {
    const timeOff: DateOverride = { startDate: "2026-12-01", endDate: "2026-12-21", kind: "time_off", hours: [] };
    const seer = schedule({ overrides: [timeOff] });
    const range = { from: at("2026-11-30", "00:00"), to: at("2026-12-23", "00:00") };
    const before = bookableSlots(schedule(), range, 60, NOW);
    const after = bookableSlots(seer, range, 60, NOW);
    const inside = (s: Date) => s >= at("2026-12-01", "00:00") && s < at("2026-12-22", "00:00");
    expect(before.filter(inside)).toHaveLength(21 * 12);
    expect(after.filter(inside)).toEqual([]);
    expect(after).toEqual(before.filter((s) => !inside(s)));
  });

  it("a date override opens Saturday 10:00-12:00 only on that date", () => {
    const weekdaysOnly: Availability = { "1": [...TIME_SLOTS], "2": [...TIME_SLOTS] };
    const override: DateOverride = {
      startDate: "2026-11-28",
      endDate: "2026-11-28",
      kind: "hours",
      hours: [{ start: "10:00", end: "12:00" }],
    };
    const seer = schedule({ weekly: weekdaysOnly, overrides: [override] });
    expect(times(bookableSlots(seer, dayRange("2026-11-28"), 60, NOW))).toEqual(["Nov 28 2026 10:00", "Nov 28 2026 11:00"]);
    expect(bookableSlots(seer, dayRange("2026-12-05"), 60, NOW)).toEqual([]);
    // Overrides win over weekly hours: the same hours on a Monday close its other slots.
    const monday = schedule({
      weekly: weekdaysOnly,
      overrides: [{ ...override, startDate: "2026-11-30", endDate: "2026-11-30" }],
    });
    expect(times(bookableSlots(monday, dayRange("2026-11-30"), 30, NOW))).toEqual(["Nov 30 2026 10:00", "Nov 30 2026 11:00"]);
  });

  it("a 15-minute buffer removes the adjoining slots", () => {
    const booked = session(at("2026-11-25", "12:00"));
    const plain = schedule({ bookings: [booked] });
    const buffered = schedule({ bookings: [booked], rules: { ...NO_RULES, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 } });
    const day = dayRange("2026-11-25");
    expect(times(bookableSlots(plain, day, 60, NOW))).toContain("Nov 25 2026 11:00");
    expect(times(bookableSlots(plain, day, 60, NOW))).toContain("Nov 25 2026 13:00");
    const left = times(bookableSlots(buffered, day, 60, NOW));
    expect(left).not.toContain("Nov 25 2026 11:00");
    expect(left).not.toContain("Nov 25 2026 13:00");
    expect(left).toContain("Nov 25 2026 14:00");
    expect(whyNotBookable(buffered, at("2026-11-25", "13:00"), 60, NOW)).toBe(TOO_CLOSE);
  });

  it("a 2-hour notice hides the slots before it", () => {
    const seer = schedule({ rules: DEFAULT_RULES });
    const now = at("2026-11-25", "10:30");
    const left = times(bookableSlots(seer, dayRange("2026-11-25"), 60, now));
    expect(left[0]).toBe("Nov 25 2026 13:00");
    expect(times(bookableSlots(schedule(), dayRange("2026-11-25"), 60, now))[0]).toBe("Nov 25 2026 11:00");
  });

  it("a daily cap of 3 hides the day after 3 bookings", () => {
    const rules = { ...NO_RULES, dailyCap: 3 };
    const two = ["09:00", "12:00"].map((t) => session(at("2026-11-25", t)));
    expect(bookableSlots(schedule({ rules, bookings: two }), dayRange("2026-11-25"), 60, NOW)).toHaveLength(10);
    const three = [...two, session(at("2026-11-25", "15:00"))];
    expect(bookableSlots(schedule({ rules, bookings: three }), dayRange("2026-11-25"), 60, NOW)).toEqual([]);
    expect(whyNotBookable(schedule({ rules, bookings: three }), at("2026-11-25", "18:00"), 60, NOW)).toBe(DAY_FULL);
    expect(bookableSlots(schedule({ rules, bookings: three }), dayRange("2026-11-26"), 60, NOW)).toHaveLength(12);
  });

  it("treats an external busy time like a booking, with the buffers", () => {
    const busy = [session(at("2026-11-25", "12:00"), 30)];
    const rules = { ...NO_RULES, bufferAfterMinutes: 30 };
    const left = times(bookableSlots(schedule({ busy, rules }), dayRange("2026-11-25"), 60, NOW));
    expect(left).not.toContain("Nov 25 2026 11:00");
    expect(left).not.toContain("Nov 25 2026 12:00");
    expect(left).toContain("Nov 25 2026 13:00");
  });

  it("keeps weekly hours on the Seer's clock across a DST change", () => {
    const berlin = schedule({
      timezone: "Europe/Berlin",
      weekly: { "1": ["09:00", "10:00"] },
      rules: { ...NO_RULES, horizonDays: 365 },
    });
    const before = bookableSlots(berlin, dayRange("2027-03-22", "Europe/Berlin"), 60, NOW);
    const after = bookableSlots(berlin, dayRange("2027-03-29", "Europe/Berlin"), 60, NOW);
    expect(times(before, "Europe/Berlin")).toEqual(["Mar 22 2027 09:00", "Mar 22 2027 10:00"]);
    expect(times(after, "Europe/Berlin")).toEqual(["Mar 29 2027 09:00", "Mar 29 2027 10:00"]);
    expect((after[0]?.getTime() ?? 0) - (before[0]?.getTime() ?? 0)).toBe(7 * DAY - H);
  });
});

// ---- Properties: an oracle written apart from the rule (TZDate fields, not the rule's helpers), both directions.

const ZONES = ["UTC", "Africa/Lagos", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"];
const BASE = Date.UTC(2027, 2, 20); // around the March DST changes
const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: TZDate) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dateAfter = (days: number) => new Date(BASE + days * DAY).toISOString().slice(0, 10);

const scheduleArb = fc
  .record({
    timezone: fc.constantFrom(...ZONES),
    weekly: fc.option(
      fc.dictionary(fc.constantFrom<Weekday>("0", "1", "2", "3", "4", "5", "6"), fc.subarray([...TIME_SLOTS]), { maxKeys: 7 }),
    ),
    before: fc.constantFrom(0, 5, 10, 15, 30),
    after: fc.constantFrom(0, 5, 10, 15, 30),
    notice: fc.constantFrom(0, 60, 120, 1440),
    horizon: fc.integer({ min: 1, max: 12 }),
    cap: fc.option(fc.integer({ min: 1, max: 4 })),
    overrides: fc.array(
      fc.record({
        from: fc.integer({ min: 0, max: 10 }),
        len: fc.integer({ min: 0, max: 3 }),
        kind: fc.constantFrom<"time_off" | "hours">("time_off", "hours"),
        hours: fc.array(fc.record({ start: fc.integer({ min: 0, max: 22 }), len: fc.integer({ min: 1, max: 4 }) }), {
          maxLength: 2,
        }),
      }),
      { maxLength: 3 },
    ),
    bookings: fc.array(fc.record({ quarter: fc.integer({ min: 0, max: 12 * 96 }), minutes: fc.constantFrom(15, 30, 60) }), {
      maxLength: 6,
    }),
    busy: fc.array(fc.record({ quarter: fc.integer({ min: 0, max: 12 * 96 }), quarters: fc.integer({ min: 1, max: 8 }) }), {
      maxLength: 3,
    }),
    nowQuarter: fc.integer({ min: 0, max: 96 * 3 }),
    minutes: fc.constantFrom(15, 30, 60),
  })
  .map((g) => {
    const q = (n: number) => new Date(BASE + n * 15 * 60_000);
    const seer: SeerSchedule = {
      timezone: g.timezone,
      weekly: g.weekly,
      rules: {
        bufferBeforeMinutes: g.before,
        bufferAfterMinutes: g.after,
        noticeMinutes: g.notice,
        horizonDays: g.horizon,
        dailyCap: g.cap,
      },
      overrides: g.overrides.map((o) => ({
        startDate: dateAfter(o.from),
        endDate: dateAfter(o.from + o.len),
        kind: o.kind,
        hours:
          o.kind === "hours"
            ? o.hours.map((h) => ({ start: `${pad(h.start)}:00`, end: `${pad(Math.min(24, h.start + h.len))}:00` }))
            : [],
      })),
      bookings: g.bookings.map((b) => ({ start: q(b.quarter), end: new Date(q(b.quarter).getTime() + b.minutes * 60_000) })),
      busy: g.busy.map((b) => ({ start: q(b.quarter), end: q(b.quarter + b.quarters) })),
    };
    return { seer, now: q(g.nowQuarter), minutes: g.minutes };
  });

/** Every rule, checked one by one on the Seer's TZDate fields. */
function oracle(seer: SeerSchedule, start: Date, minutes: number, now: Date): boolean {
  const { rules } = seer;
  const t = start.getTime();
  const end = t + minutes * 60_000;
  if (t <= now.getTime() || t < now.getTime() + rules.noticeMinutes * 60_000) return false;
  if (t > now.getTime() + rules.horizonDays * DAY) return false;
  const local = new TZDate(t, seer.timezone);
  const date = ymd(local);
  const hm = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
  const covering = seer.overrides.filter((o) => o.startDate <= date && date <= o.endDate);
  if (covering.some((o) => o.kind === "time_off")) return false;
  const hours = covering.filter((o) => o.kind === "hours");
  const last = hours[hours.length - 1];
  if (last) {
    const from = local.getHours() * 60 + local.getMinutes();
    const fits = last.hours.some((h) => {
      const [sh, sm] = h.start.split(":").map(Number);
      const [eh, em] = h.end.split(":").map(Number);
      return local.getMinutes() === 0 && (sh ?? 0) * 60 + (sm ?? 0) <= from && from + minutes <= (eh ?? 0) * 60 + (em ?? 0);
    });
    if (!fits) return false;
  } else if (seer.weekly !== null) {
    if (!(seer.weekly[String(local.getDay()) as Weekday] ?? []).includes(hm)) return false;
  } else if (!TIME_SLOTS.includes(hm)) return false;
  const gapBefore = rules.bufferBeforeMinutes * 60_000;
  const gapAfter = rules.bufferAfterMinutes * 60_000;
  for (const b of seer.bookings) {
    // Occupied spans [start - before, end + after) of both sessions must not meet.
    if (t - gapBefore < b.end.getTime() + gapAfter && b.start.getTime() - gapBefore < end + gapAfter) return false;
  }
  for (const b of seer.busy) if (t - gapBefore < b.end.getTime() && b.start.getTime() < end + gapAfter) return false;
  if (rules.dailyCap !== null) {
    const sameDay = seer.bookings.filter((b) => ymd(new TZDate(b.start.getTime(), seer.timezone)) === date).length;
    if (sameDay >= rules.dailyCap) return false;
  }
  return true;
}

describe("the schedule's properties", () => {
  const range = { from: new Date(BASE), to: new Date(BASE + 12 * DAY) };

  it("never offers a slot any rule forbids", () => {
    fc.assert(
      fc.property(scheduleArb, ({ seer, now, minutes }) => {
        for (const slot of bookableSlots(seer, range, minutes, now)) expect(oracle(seer, slot, minutes, now)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("offers every slot the rules allow", () => {
    fc.assert(
      fc.property(scheduleArb, ({ seer, now, minutes }) => {
        const offered = new Set(bookableSlots(seer, range, minutes, now).map((s) => s.getTime()));
        for (let t = range.from.getTime(); t < range.to.getTime(); t += 15 * 60_000) {
          if (oracle(seer, new Date(t), minutes, now)) expect(offered.has(t)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
