import { describe, expect, it } from "vitest";
import { fillMonths, lastMonths, monthLabel } from "./months";

describe("months for charts", () => {
  it("lists the last months oldest first, across a year's end, in a timezone", () => {
    expect(lastMonths(new Date("2026-02-10T12:00:00Z"), 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    // 23:30 UTC on 31 January is already February in Lagos (UTC+1).
    expect(lastMonths(new Date("2026-01-31T23:30:00Z"), 1, "Africa/Lagos")).toEqual(["2026-02"]);
    expect(lastMonths(new Date("2026-01-31T23:30:00Z"), 1)).toEqual(["2026-01"]);
  });

  it("fills the months without rows", () => {
    const rows = fillMonths(["2026-01", "2026-02", "2026-03"], [{ month: "2026-02", n: 5 }], (month) => ({ month, n: 0 }));
    expect(rows).toEqual([
      { month: "2026-01", n: 0 },
      { month: "2026-02", n: 5 },
      { month: "2026-03", n: 0 },
    ]);
    expect(monthLabel("2026-02")).toBe("Feb 2026");
  });
});
