import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { pushSubscriptions } from "../../../db/schema";
import { pushTexts, type pushSubscribeSchema } from "../../../src/schemas/push";
import { AppError } from "../../../src/errors";
import type { PushSender } from "../../platform/push";
import type { SessionUser } from "../../platform/trpc/context";

export interface PushDeps {
  db: Db;
  sender: PushSender;
}

export interface PushDevice {
  id: string;
  device: string | null;
  createdAt: Date;
}

/**
 * This device opts in (docs/product.md#profile): stored by its endpoint, so opting in again changes nothing and the
 * same browser signed in as someone else now notifies them instead.
 */
export async function subscribe(
  { db, sender }: PushDeps,
  user: SessionUser,
  input: z.infer<typeof pushSubscribeSchema>,
): Promise<PushDevice> {
  if (!sender.accepts(input.endpoint)) throw new AppError("BAD_REQUEST", pushTexts.endpoint);
  const values = { userId: user.id, p256dh: input.keys.p256dh, auth: input.keys.auth, device: input.device ?? null };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning({ id: pushSubscriptions.id, device: pushSubscriptions.device, createdAt: pushSubscriptions.createdAt });
  if (!row) throw new Error("The push subscription was not stored");
  return row;
}

/** The person's own devices, oldest first. */
export async function devices({ db }: PushDeps, user: SessionUser): Promise<PushDevice[]> {
  return db
    .select({ id: pushSubscriptions.id, device: pushSubscriptions.device, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** Turns one of the person's own devices off; anyone else's answers as a missing one. */
export async function unsubscribe({ db }: PushDeps, user: SessionUser, id: string): Promise<{ id: string }> {
  const [row] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
    .returning({ id: pushSubscriptions.id });
  if (!row) throw new AppError("NOT_FOUND", pushTexts.notFound);
  return row;
}
