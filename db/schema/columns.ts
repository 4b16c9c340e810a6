import { sql, type SQL } from "drizzle-orm";
import { numeric, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** Ids are generated unique strings (docs/product.md#entities); the database makes them so raw SQL inserts work too. */
export const id = () =>
  text("id")
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);

/** A check constraint's condition: the column holds one of `values` (the lists of src/domain/enums.ts). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "))})`;

/** Money columns hold two decimals (docs/product.md#constants-and-limits); code reads them as strings and works in integer cents. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
/**
 * Set by every update to the database's own `now()` (its transaction's time), as SQL rather than a value: a statement
 * built once and run many times (db/client.ts `statement`, drizzle's `prepare`) keeps what it was built with, so a
 * value computed here would stay the time of its first build for good.
 */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);
