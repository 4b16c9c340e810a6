import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appRouter } from "./modules";

// docs/architecture.md's "Where is" table (issue #38): the most common changes, each reached from its tRPC key or
// route in at most two hops. The keys and files it names must still exist, or the table misleads a newcomer.

const root = path.resolve(import.meta.dirname, "..");
const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

/** The table's rows under the "Where is" heading, each as its cells. */
function rows(): string[][] {
  const start = doc.indexOf("\n## Where is");
  if (start < 0) return [];
  const end = doc.indexOf("\n## ", start + 1);
  return doc
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");

describe("docs/architecture.md's Where is table", () => {
  const table = rows();

  it("lists at least the 15 most common changes", () => {
    expect(table.length).toBeGreaterThanOrEqual(15);
  });

  it("names only procedure keys that the router has", () => {
    const procedures = Object.keys(appRouter._def.procedures);
    const keys = table.flatMap((cells) => codes(cells[1] ?? "")).filter((code) => /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(code));
    expect(keys.length).toBeGreaterThanOrEqual(10);
    expect(keys.filter((key) => !procedures.includes(key))).toEqual([]);
  });

  it("names only files that exist", () => {
    const files = table.flatMap((cells) => cells.flatMap(codes)).filter((code) => /\.(tsx?|sql)$/.test(code));
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
