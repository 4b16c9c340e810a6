import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/migrate";
import { checkMigrations } from "./migration-check";

/** A copy of the project's migrations with one more, `sql`, planted after them. */
function withPlanted(sql: string, tag = "9999_planted"): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "seer-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  journal.entries.push({ idx: journal.entries.length, tag });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(path.join(folder, `${tag}.sql`), sql);
  return folder;
}

describe("the migration check (rolling deploys)", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
  });
  const plant = (sql: string) => {
    const folder = withPlanted(sql);
    folders.push(folder);
    return checkMigrations(folder);
  };

  it("passes the project's own migrations", () => {
    expect(checkMigrations(migrationsFolder)).toEqual([]);
  });

  it("refuses a planted drop, rename or retype of a table or column", () => {
    for (const [sql, reason] of [
      [`ALTER TABLE "orders" DROP COLUMN "notes";`, "drops a column"],
      [`DROP TABLE "reviews";`, "drops a table"],
      [`ALTER TABLE "seers" RENAME COLUMN "bio" TO "biography";`, "renames a column"],
      [`ALTER TABLE seers RENAME bio TO biography;`, "renames a column"],
      [`ALTER TABLE "seers" RENAME TO "guides";`, "renames a table"],
      [`ALTER TABLE "bookings" ALTER COLUMN "amount" SET DATA TYPE integer;`, "changes a column's type"],
      [`CREATE INDEX "x" ON "users" ("email");\n--> statement-breakpoint\nTRUNCATE "carts";`, "empties a table"],
    ] as const) {
      const problems = plant(sql);
      expect(problems, sql).toHaveLength(1);
      expect(problems[0]?.migration).toBe("9999_planted");
      expect(problems[0]?.reason, sql).toContain(reason);
    }
  });

  it("allows adding, dropping constraints and indexes, renaming constraints, and words inside strings or function bodies", () => {
    expect(
      plant(
        [
          `ALTER TABLE "orders" ADD COLUMN "gift_note" text;`,
          `ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";`,
          `DROP INDEX IF EXISTS "orders_idx";`,
          `ALTER TABLE "orders" RENAME CONSTRAINT "a" TO "b";`,
          `ALTER INDEX "orders_idx" RENAME TO "orders_by_date_idx";`,
          `COMMENT ON COLUMN "orders"."gift_note" IS 'never drop table here';`,
          `CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN EXECUTE 'x'; DROP TABLE tmp; END $$;`,
          `-- a comment that says DROP COLUMN\nSELECT 1;`,
        ].join("\n--> statement-breakpoint\n"),
      ),
    ).toEqual([]);
  });

  it("allows a contract step marked as such of an earlier migration, not of a later or unknown one", () => {
    expect(plant(`-- contract of 0015_article_html: body_html replaced body in 0015\nALTER TABLE "articles" DROP COLUMN "body";`)).toEqual([]);
    const unknown = plant(`-- contract of 0042_nothing: why\nALTER TABLE "articles" DROP COLUMN "body";`);
    expect(unknown[0]?.reason).toContain("not an earlier migration");
    const unexplained = plant(`-- contract of 0015_article_html:\nALTER TABLE "articles" DROP COLUMN "body";`);
    expect(unexplained).toHaveLength(1);
  });
});
