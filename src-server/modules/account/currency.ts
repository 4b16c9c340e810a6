import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { isCurrency, type Currency } from "../../../src/domain/currencies";
import type { LocalRates } from "../../../src/domain/money";
import { currentRates } from "../../platform/exchange-rates";
import type { SessionUser } from "../../platform/trpc/context";

/** Where a visitor's choice of currency is remembered (a signed-in person's is on their account too). */
export const CURRENCY_COOKIE = "seer_currency";
const YEAR_S = 365 * 24 * 60 * 60;

/** What prices show in: the person's chosen currency (null: the product's defaults) and the rates they show at. */
export interface DisplayMoney {
  currency: Currency | null;
  rates: LocalRates;
}

/** The cookie's currency, when it names one the product takes. */
function cookieCurrency(req: FastifyRequest): Currency | null {
  const value = req.cookies[CURRENCY_COOKIE];
  return value !== undefined && isCurrency(value) ? value : null;
}

/**
 * The header's currency (issue #41): a signed-in person's choice on their account wins over this browser's cookie, so
 * it follows them to every device; a visitor's is the cookie's.
 */
export async function displayMoney(db: Db, user: SessionUser | null, req: FastifyRequest): Promise<DisplayMoney> {
  const [account] = user
    ? await db.select({ currency: users.currency }).from(users).where(and(eq(users.id, user.id), isNull(users.deletedAt)))
    : [];
  return { currency: account?.currency ?? cookieCurrency(req), rates: await currentRates(db) };
}

/** Remembers the choice in this browser, and on the account of a signed-in person. */
export async function chooseCurrency(
  db: Db,
  user: SessionUser | null,
  reply: FastifyReply,
  currency: Currency,
): Promise<{ currency: Currency }> {
  if (user) await db.update(users).set({ currency }).where(eq(users.id, user.id));
  void reply.setCookie(CURRENCY_COOKIE, currency, { path: "/", maxAge: YEAR_S, sameSite: "lax", httpOnly: true, secure: "auto" });
  return { currency };
}
