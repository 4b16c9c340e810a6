import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from "../../../src/i18n/locales";
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

/**
 * The language of a visitor who is not signed in, as the pages decide it (modules/pages): the switcher's cookie, then
 * the browser's Accept-Language. A new account starts with it, so that its first mails are in that language.
 */
export function visitorLocale(req: Pick<FastifyRequest, "cookies" | "headers">): Locale {
  const chosen = req.cookies[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : (localeFromAcceptLanguage(req.headers["accept-language"]) ?? DEFAULT_LOCALE);
}
