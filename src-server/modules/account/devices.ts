import { createHash, randomBytes } from "node:crypto";
import { Signer } from "@fastify/cookie";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import { knownDevices, users } from "../../../db/schema";
import { SECURITY_SETTINGS_PATH } from "../../../src/domain/second-factor";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { Outbox } from "../../platform/mail";
import { newDeviceMail } from "./mail";
import { greeting } from "./users";
import { pageLink } from "../../platform/mail-links";

/** The long-lived, signed cookie that names this browser (never the session): a sign-in from a new one is mailed. */
const DEVICE_COOKIE = "seer_device";
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** "Firefox on Windows": enough for the owner to recognise the device, from the user agent alone. */
function browserSummary(userAgent: string | undefined): string {
  if (!userAgent) return "an unknown browser";
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\//, "Opera"],
      [/Firefox\//, "Firefox"],
      [/Chrome\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "A browser";
  const os =
    [
      [/Android/, "Android"],
      [/iPhone|iPad/, "iOS"],
      [/Windows/, "Windows"],
      [/Mac OS X/, "macOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "an unknown system";
  return `${String(browser)} on ${String(os)}`;
}

/**
 * Notes the device a full sign-in came from. A device is the signed id in DEVICE_COOKIE (set here when missing or
 * forged); the account keeps only its SHA-256. A device new to an account that already had one is mailed to the
 * owner, once (the outbox's key); the very first sign-in of an account (after sign-up) is not.
 */
export function createDeviceNotes({
  db,
  clock,
  outbox,
  config,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  config: Pick<Config, "publicUrl" | "sessionSecret">;
}) {
  const signer = new Signer(config.sessionSecret);

  async function noteSignInDevice(req: FastifyRequest, res: FastifyReply, userId: string): Promise<void> {
    const cookie = req.cookies[DEVICE_COOKIE];
    const unsigned = cookie ? signer.unsign(cookie) : null;
    let deviceId = unsigned?.valid ? unsigned.value : null;
    if (!deviceId) {
      deviceId = randomBytes(24).toString("base64url");
      void res.setCookie(DEVICE_COOKIE, signer.sign(deviceId), {
        httpOnly: true,
        sameSite: "lax",
        secure: "auto",
        path: "/",
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    }
    const deviceHash = createHash("sha256").update(deviceId).digest("hex");
    const now = clock.now();
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(knownDevices).where(eq(knownDevices.userId, userId));
    const added = await db
      .insert(knownDevices)
      .values({ userId, deviceHash, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning({ userId: knownDevices.userId });
    if (added.length === 0) {
      await db
        .update(knownDevices)
        .set({ lastSeenAt: now })
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)));
      return;
    }
    if ((before?.n ?? 0) === 0) return;
    const [owner] = await db
      .select({ email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    if (!owner) return;
    const when = `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    await outbox.send(
      `new-device:${userId}:${deviceHash}`,
      newDeviceMail(
        owner.email,
        greeting(owner),
        when,
        browserSummary(req.headers["user-agent"]),
        pageLink(config.publicUrl, SECURITY_SETTINGS_PATH, owner.locale),
        owner.locale,
      ),
    );
  }

  return { noteSignInDevice };
}
