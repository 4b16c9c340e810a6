import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { products, users } from "../../../db/schema";
import type { Clock } from "../../platform/clock";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import { lowStockMail } from "./mail";

const LOW_STOCK_JOB = "shop.low-stock-digest";

/** Products running out (`orders.lowStock`), and the admins' daily digest of them. */
export function createLowStock({
  db,
  clock,
  outbox,
  jobs,
  config,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobQueue;
  config: { publicUrl: string };
}) {
  // Admins learn of low stock once a day (a digest, sent once per day however many instances run).
  jobs.define({
    name: LOW_STOCK_JOB,
    every: "0 7 * * *",
    run: async () => {
      await sendLowStockDigest();
    },
  });

  /** Active products at or below their threshold, the empty ones first. */
  async function lowStock() {
    return db
      .select({
        id: products.id,
        name: products.name,
        stockQuantity: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
      })
      .from(products)
      .where(and(eq(products.isActive, true), sql`${products.stockQuantity} <= ${products.lowStockThreshold}`))
      .orderBy(asc(products.stockQuantity), asc(products.name));
  }

  async function sendLowStockDigest(): Promise<number> {
    const low = await lowStock();
    if (!low.length) return 0;
    const admins = await db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.role, "admin"), sql`${users.deletedAt} is null`));
    const day = clock.now().toISOString().slice(0, 10);
    for (const a of admins)
      await outbox.send(`low-stock:${day}:${a.email}`, lowStockMail(a.email, low, config.publicUrl, a.locale));
    return low.length;
  }

  return { lowStock, sendLowStockDigest };
}
