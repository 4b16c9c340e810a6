import { randomBytes } from "node:crypto";
import { sign } from "@fastify/cookie";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { hashSessionId } from "../../src-server/modules/account";

/**
 * A signed-in session for `userId`, written as the app's session store writes one, and the Cookie header that
 * presents it to an app signing with `secret`: for benchmarks and multi-instance checks that need many users
 * signed in without paying a password hash for each.
 */
export async function mintSession(db: Db, userId: string, secret: string): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  const expires = new Date(Date.now() + 86_400_000);
  await db.insert(sessions).values({
    sid: hashSessionId(id),
    expire: expires,
    sess: {
      cookie: { originalMaxAge: 86_400_000, expires: expires.toISOString(), httpOnly: true, sameSite: "lax", path: "/" },
      userId,
      renewedAt: Date.now(),
      createdAt: Date.now(),
    },
  });
  return `seer_session=${encodeURIComponent(sign(id, secret))}`;
}
