import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { phoneNumbers, sentSms } from "../../../db/schema";

/** The person's number for their data export: the confirmed one, its country, since when, and the SMS choice. */
export async function phoneData(db: Db, userId: string) {
  const [row] = await db
    .select({
      number: phoneNumbers.number,
      country: phoneNumbers.country,
      confirmedAt: phoneNumbers.confirmedAt,
      sms: phoneNumbers.sms,
      pendingNumber: phoneNumbers.pendingNumber,
    })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.userId, userId));
  return row ?? null;
}

/** At an account's deletion: the number goes, and the record of texts sent to it no longer names it. */
export async function forgetPhone(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx
    .delete(phoneNumbers)
    .where(eq(phoneNumbers.userId, userId))
    .returning({ number: phoneNumbers.number, pendingNumber: phoneNumbers.pendingNumber });
  for (const number of [row?.number, row?.pendingNumber]) {
    if (number) await tx.update(sentSms).set({ recipient: "+0" }).where(eq(sentSms.recipient, number));
  }
}
