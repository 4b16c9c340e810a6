import { char, numeric, pgTable, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: id(),
    fromCurrency: char("from_currency", { length: 3 }).notNull(),
    toCurrency: char("to_currency", { length: 3 }).notNull(),
    rate: numeric("rate", { precision: 18, scale: 6 }).notNull(),
    lastUpdated: timestamp("last_updated", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [unique("exchange_rates_pair").on(t.fromCurrency, t.toCurrency)],
);
