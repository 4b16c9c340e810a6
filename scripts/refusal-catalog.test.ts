import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validation } from "../src/i18n/messages/app/validation";
import { errors } from "../src/i18n/messages/server/errors";
import { errorsBookings } from "../src/i18n/messages/server/errorsBookings";
import { errorsShop } from "../src/i18n/messages/server/errorsShop";
import { shapeOf, thrownMessages } from "./lib/thrown-messages";

// Issue #45: every refusal the server can answer is translated. CI fails when a new `AppError`, `TRPCError` or zod
// message is thrown whose English no catalog holds (src/i18n/messages/server/errors*.ts, app/validation.ts).

const root = path.join(import.meta.dirname, "..");
/** The environment's checks at start-up: an operator reads them in the log, never a person in an answer. */
const NOT_ANSWERS = [path.join("src-server", "platform", "config.ts")];

const catalogShapes = new Set(
  [errors, errorsBookings, errorsShop, validation].flatMap((area) => Object.values(area.en).map(shapeOf)),
);

describe("the refusals' catalog", () => {
  it("holds every refusal and zod message the server throws", () => {
    const thrown = thrownMessages(root, ["src-server", "src"]).filter((m) => !NOT_ANSWERS.some((file) => m.at.startsWith(file)));
    expect(thrown.length).toBeGreaterThan(250);
    const missing = thrown.filter((m) => !catalogShapes.has(m.shape)).map((m) => `${m.at}: ${m.text}`);
    expect(missing, "add these to src/i18n/messages/server/errors*.ts (or app/validation.ts for a schema's)").toEqual([]);
  });

  it("finds literal, template, named and built refusals, and zod's messages", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "refusals-"));
    try {
      mkdirSync(path.join(dir, "src"));
      writeFileSync(
        path.join(dir, "src", "service.ts"),
        [
          'const GONE = "It is gone.";',
          "const tooMany = (n: number) => `Wait ${n} minutes.`;",
          "export function run(max: number) {",
          '  if (max) throw new AppError("NOT_FOUND", "Not here.");',
          '  if (max > 1) throw new AppError("CONFLICT", `At most ${max} items.`);',
          '  if (max > 2) throw new TRPCError({ code: "FORBIDDEN", message: GONE });',
          '  if (max > 3) throw new AppError("TOO_MANY_REQUESTS", tooMany(max));',
          '  return z.string({ error: "Name is required" }).min(3, "Too short").max(9, { message: "Too long" });',
          "}",
        ].join("\n"),
      );
      expect(
        thrownMessages(dir, ["src"])
          .map((m) => [m.text, m.shape])
          .sort(),
      ).toEqual([
        ["At most {max} items.", "At most {} items."],
        ["It is gone.", "It is gone."],
        ["Name is required", "Name is required"],
        ["Not here.", "Not here."],
        ["Too long", "Too long"],
        ["Too short", "Too short"],
        ["Wait {n} minutes.", "Wait {} minutes."],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
