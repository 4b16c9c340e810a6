import { describe, expect, it } from "vitest";
import { expandAvailability, notOfferedTimes, offersInstant, weekdayOf } from "./availability";
import { TIME_SLOTS } from "./consultations";

describe("weekly availability", () => {
  it("reads weekdays with 0 as Sunday", () => {
    expect(weekdayOf("2026-11-22")).toBe("0");
    expect(weekdayOf("2026-11-23")).toBe("1");
    expect(weekdayOf("2026-11-28")).toBe("6");
  });

  it("expands null to every slot of every day, and a missing day to a closed one", () => {
    expect(expandAvailability(null)["3"]).toEqual(TIME_SLOTS);
    const expanded = expandAvailability({ "1": ["12:00", "09:00", "07:00"] });
    expect(expanded["1"]).toEqual(["09:00", "12:00"]);
    expect(expanded["2"]).toEqual([]);
  });

  it("reads an instant on the Seer's own clock", () => {
    // 08:00 UTC on Monday 23 November 2026 is 09:00 in Lagos, 03:00 in New York.
    const instant = new Date("2026-11-23T08:00:00Z");
    expect(offersInstant({ "1": ["09:00"] }, "Africa/Lagos", instant)).toBe(true);
    expect(offersInstant({ "1": ["09:00"] }, "UTC", instant)).toBe(false);
    expect(offersInstant(null, "America/New_York", instant)).toBe(false);
    // 23:30 UTC Sunday is already Monday 02:30 in Nairobi: outside every slot.
    expect(offersInstant(null, "Africa/Nairobi", new Date("2026-11-22T23:30:00Z"))).toBe(false);
  });

  it("follows the zones' daylight-saving rules, never a fixed offset", () => {
    const ny = { "0": ["09:00"], "1": ["09:00"], "2": ["09:00"], "3": ["09:00"], "4": ["09:00"], "5": ["09:00"], "6": ["09:00"] };
    const offered = (date: string) =>
      TIME_SLOTS.filter((t) => !notOfferedTimes(ny, "America/New_York", date, "Europe/London").includes(t));
    expect(offered("2027-03-13")).toEqual(["14:00"]);
    // New York moves on 14 March, London only on 28 March.
    expect(offered("2027-03-14")).toEqual(["13:00"]);
    expect(offered("2027-03-27")).toEqual(["13:00"]);
    expect(offered("2027-03-28")).toEqual(["14:00"]);
  });
});
