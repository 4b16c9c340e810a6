import { describe, expect, it } from "vitest";
import { SAME_TIME, SLOT_PASSED, whyNotBookable } from "./bookable";
import { BEYOND_HORIZON_MESSAGE } from "./consultations";
import { NOT_AVAILABLE_MESSAGE } from "../schemas/dashboard";

const NOW = new Date("2026-11-22T08:00:00Z");
const DAY = 86_400_000;
// Monday 23 November 2026, 09:00 in Lagos (08:00 UTC).
const MONDAY_NINE = new Date("2026-11-23T08:00:00Z");
const seer = { availability: { "1": ["09:00"] }, timezone: "Africa/Lagos" };

describe("whether a session may start at an instant", () => {
  it("accepts an offered time ahead, within the horizon", () => {
    expect(whyNotBookable(MONDAY_NINE, NOW, seer)).toBeNull();
  });

  it("refuses a time already passed, even an offered one", () => {
    expect(whyNotBookable(MONDAY_NINE, MONDAY_NINE, seer)).toBe(SLOT_PASSED);
  });

  it("refuses beyond the 90-day horizon", () => {
    const far = new Date(NOW.getTime() + 91 * DAY);
    expect(whyNotBookable(far, NOW, { availability: null, timezone: "UTC" })).toBe(BEYOND_HORIZON_MESSAGE);
  });

  it("refuses a move to the time the booking already has, before asking the Seer's week", () => {
    expect(whyNotBookable(MONDAY_NINE, NOW, { availability: {}, timezone: "UTC" }, MONDAY_NINE)).toBe(SAME_TIME);
  });

  it("refuses a time the Seer's week does not offer, read on the Seer's clock", () => {
    expect(whyNotBookable(MONDAY_NINE, NOW, { ...seer, timezone: "UTC" })).toBe(NOT_AVAILABLE_MESSAGE);
  });
});
