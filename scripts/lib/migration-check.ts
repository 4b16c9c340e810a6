import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Migrations that a rolling deploy survives (issue #47, docs/deploy.md): while the new version's migration runs, the
 * previous version still serves, reading the tables and columns it knows. A migration may add (expand); dropping,
 * renaming or retyping a table or column (contract) breaks the old version mid-deploy, so it may only come as the
 * contract step of an earlier expand, released before it, and must say so on the line above the statement:
 *
 *   -- contract of 0019_order_notes: the column moved to order_events in 0019, read since release 2026.12
 *   ALTER TABLE "orders" DROP COLUMN "notes";
 *
 * Dropping or changing a constraint or an index reads no data the old version depends on, and is allowed.
 */
export interface MigrationProblem {
  migration: string;
  statement: string;
  reason: string;
}

const DESTRUCTIVE: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bdrop\s+table\b/i, what: "drops a table" },
  { pattern: /\bdrop\s+column\b/i, what: "drops a column" },
  { pattern: /\brename\s+column\b/i, what: "renames a column" },
  { pattern: /\balter\s+table\b[\s\S]*\brename\s+(?!constraint\b|to\b)\S+\s+to\b/i, what: "renames a column" },
  { pattern: /\balter\s+table\b[\s\S]*\brename\s+to\b/i, what: "renames a table" },
  { pattern: /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i, what: "changes a column's type" },
  { pattern: /\btruncate\b/i, what: "empties a table" },
  { pattern: /\bdrop\s+schema\b/i, what: "drops a schema" },
];

const CONTRACT = /^--[ \t]*contract of (\S+)[ \t]*:[ \t]*\S/im;

/** The SQL of a statement without its comments and string literals, where the destructive words are looked for. */
function code(statement: string): string {
  return statement
    .replace(/\$\$[\s\S]*?\$\$/g, "$$$$")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "");
}

/** Checks every migration of `folder` in the journal's order; answers what breaks a rolling deploy. */
export function checkMigrations(folder: string): MigrationProblem[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const tags = [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => e.tag);
  const problems: MigrationProblem[] = [];
  for (const [index, tag] of tags.entries()) {
    const text = readFileSync(path.join(folder, `${tag}.sql`), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      const found = DESTRUCTIVE.find(({ pattern }) => pattern.test(code(statement)));
      if (!found) continue;
      const summary = code(statement).trim().replace(/\s+/g, " ").slice(0, 160);
      const mark = CONTRACT.exec(statement);
      if (!mark) {
        problems.push({
          migration: tag,
          statement: summary,
          reason: `${found.what}, which the version still running during a deploy may read: expand first, and mark this as "-- contract of <earlier migration>: <why>"`,
        });
        continue;
      }
      const expand = mark[1] ?? "";
      const at = tags.indexOf(expand);
      if (at < 0 || at >= index) {
        problems.push({
          migration: tag,
          statement: summary,
          reason: `${found.what} as the contract of ${expand}, which is not an earlier migration`,
        });
      }
    }
  }
  return problems;
}
