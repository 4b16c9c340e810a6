import { sql } from "drizzle-orm";
import { numeric, text, timestamp } from "drizzle-orm/pg-core";

/** Ids are generated unique strings (SPEC §3); the database makes them so raw SQL inserts work too. */
export const id = () =>
  text("id")
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);

/** Money columns hold two decimals (SPEC §9); code reads them as strings and works in integer cents. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
