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

  it("finds the texts of const objects by property: its own file's, imported, renamed, by namespace, nested", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "refusals-"));
    try {
      mkdirSync(path.join(dir, "src", "schemas"), { recursive: true });
      const write = (file: string, lines: string[]) => writeFileSync(path.join(dir, "src", file), lines.join("\n"));
      write("schemas/texts.ts", [
        'const GONE = "Gone for good.";',
        "export const texts = {",
        '  short: "Too short.",',
        "  GONE,",
        '  nested: { deep: "Deep inside." },',
        "} as const;",
      ]);
      write("schemas/index.ts", ['export { texts as shared } from "./texts";']);
      // The same object name in two files: each file's own texts, not the last one read.
      write("a.ts", [
        'const labels = { name: "A name is needed." } as const;',
        "export const a = z.string().min(1, labels.name);",
      ]);
      write("b.ts", [
        'const labels = { name: "B name is needed." } as const;',
        "export const b = z.string().min(1, labels.name);",
      ]);
      write("service.ts", [
        'import { texts as t } from "./schemas/texts";',
        'import * as all from "./schemas/texts";',
        'import { shared } from "./schemas";',
        'const message = "Letters only.";',
        'let changing = { text: "May change." };',
        "export const schema = z",
        "  .string()",
        "  .refine((v) => v.length > 3, t.short)",
        "  .refine((v) => v !== 'x', { message: all.texts.GONE })",
        "  .regex(/^[a-z]+$/, { message })",
        "  .refine((v) => v !== 'y', shared.nested.deep)",
        "  .refine((v) => v !== 'z', changing.text)",
        "  .superRefine((v, ctx) => {",
        "    if (!v) ctx.addIssue({ code: 'custom', message: t.nested.deep });",
        "  });",
      ]);
      const unresolved: string[] = [];
      const found = thrownMessages(dir, ["src"], unresolved);
      expect(found.map((m) => `${m.at} ${m.text}`).sort()).toEqual([
        "src/a.ts:1 A name is needed.",
        "src/b.ts:1 B name is needed.",
        "src/schemas/texts.ts:1 Gone for good.",
        "src/schemas/texts.ts:3 Too short.",
        "src/schemas/texts.ts:5 Deep inside.",
        "src/schemas/texts.ts:5 Deep inside.",
        "src/service.ts:4 Letters only.",
      ]);
      // A `let` object's text may be replaced: it is not taken for the refusal's.
      expect(unresolved).toEqual(["src/service.ts:12 changing.text"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
