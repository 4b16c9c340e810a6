import { describe, expect, it } from "vitest";
import { PG, retryingVictims } from "./database";

describe("retryingVictims", () => {
  it("runs a deadlock victim again and logs each retry on the logger it is given", async () => {
    const warnings: { obj: object; msg: string }[] = [];
    let runs = 0;
    const result = await retryingVictims(
      async () => {
        runs++;
        if (runs < 3) throw Object.assign(new Error("deadlock detected"), { code: PG.DEADLOCK });
        return "done";
      },
      { log: { warn: (obj, msg) => warnings.push({ obj, msg }) }, what: "booking confirmation" },
    );
    expect(result).toBe("done");
    expect(runs).toBe(3);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ obj: { sqlState: PG.DEADLOCK, what: "booking confirmation", attempt: 1 } });
    expect(warnings[0]?.msg).toMatch(/deadlock/);
  });

  it("gives up after its attempts, and never retries another error", async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error("deadlock detected"), { code: PG.DEADLOCK });
    await expect(
      retryingVictims(
        async () => {
          runs++;
          throw deadlock;
        },
        { what: "x", attempts: 2 },
      ),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryingVictims(
        async () => {
          runs++;
          throw new Error("other");
        },
        { what: "x" },
      ),
    ).rejects.toThrow("other");
    expect(runs).toBe(1);
  });
});
