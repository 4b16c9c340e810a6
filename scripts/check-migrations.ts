import { migrationsFolder } from "../db/migrate";
import { checkMigrations } from "./lib/migration-check";

// npm run check:migrations [-- <folder>]: refuses a migration that a rolling deploy would not survive (a drop, rename
// or type change of a table or column that is not the marked contract step of an earlier expand; issue #47).
const folder = process.argv[2] ?? migrationsFolder;
const problems = checkMigrations(folder);
for (const p of problems) console.error(`${p.migration}: ${p.reason}\n    ${p.statement}`);
if (problems.length) {
  console.error(`\n${problems.length} migration statement(s) would break a rolling deploy (docs/deploy.md).`);
  process.exit(1);
}
console.log(`Migrations: none would break a rolling deploy (${folder}).`);
