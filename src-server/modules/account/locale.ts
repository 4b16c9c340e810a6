import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { LOCALE_COOKIE, type Locale } from "../../../src/i18n/locales";
import type { SessionUser } from "../../platform/trpc/context";

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Remembers the language chosen with the switcher (issue #45) in this browser and, for a signed-in person, on their
 * account, which their mails follow.
 */
export async function chooseLocale(db: Db, user: SessionUser | null, reply: FastifyReply, locale: Locale): Promise<{ locale: Locale }> {
  if (user) await db.update(users).set({ locale }).where(eq(users.id, user.id));
  void reply.setCookie(LOCALE_COOKIE, locale, { path: "/", maxAge: YEAR_S, sameSite: "lax", httpOnly: true, secure: "auto" });
  return { locale };
}
