import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { payoutMethods, seers, users } from "../../../db/schema";
import type { z } from "zod";
import {
  maskedAccount,
  MINIMUM_PAYOUT,
  PAYOUT_DETAILS_HOLD_HOURS,
  payoutsFor,
  TEST_PAYOUT_NUMBERS,
  type LocalRailName,
  type PayoutMethodKind,
} from "../../../src/domain/payout-rails";
import { AppError } from "../../../src/errors";
import type { resolveAccountSchema, savePayoutMethodSchema } from "../../../src/schemas/payouts";
import { SEER_NOT_FOUND } from "../../../src/schemas/seers";
import type { Clock } from "../../platform/clock";
import type { Currency } from "../../../src/domain/currencies";
import type { Outbox } from "../../platform/mail";
import { setKeepingAtMost } from "../../platform/bounded-map";
import { RailRefusedError, type PayoutDestination, type PayoutInstitution, type PayoutRails } from "../../platform/payouts/rail";
import type { SessionUser } from "../../platform/trpc/context";
import { payoutDetailsChangedMail } from "./mail";

export const STRIPE_COUNTRY = "Payouts in your country go through Stripe: use Connect payout account.";
export const UNKNOWN_INSTITUTION = "Choose your network or bank from the list.";
export const KIND_NOT_OFFERED = "This kind of payout is not offered in your country.";
export const NAME_CHANGED = "The account holder's name is not the one shown. Check the name again.";
export const NAME_NOT_RESOLVED = "The account holder's name could not be checked. Try again in a moment.";

const HOUR_MS = 3600_000;
const LIST_TTL_MS = 10 * 60_000;

/** "MTN Mobile Money •••• 1234": all a page or a mail shows of a Seer's details. */
export const methodLabel = (m: { institutionName: string; accountNumber: string }) => `${m.institutionName} ${maskedAccount(m.accountNumber)}`;

/** The signed-in Seer with what their details need: country, name and address. */
async function seerOf(db: Db, user: SessionUser) {
  const [seer] = await db
    .select({ id: seers.id, country: seers.country, name: seers.fullName, email: users.email, locale: users.locale })
    .from(seers)
    .innerJoin(users, eq(users.id, seers.userId))
    .where(eq(seers.userId, user.id));
  if (!seer) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
  return seer;
}

/** The Seer's country's local rail, or a refusal where Stripe pays instead. */
function localOf(country: string) {
  const where = payoutsFor(country);
  if (where.rail === "stripe") throw new AppError("BAD_REQUEST", STRIPE_COUNTRY);
  return { ...where, rail: where.rail as LocalRailName };
}

/**
 * The provider's institutions for a country and kind. Lists change rarely and cost a request each (a branch-code
 * country's, dozens), so each is kept for 10 minutes; a list that failed is asked again next time.
 */
function institutionLists(rails: PayoutRails, clock: Clock) {
  const lists = new Map<string, { at: number; list: Promise<PayoutInstitution[]> }>();
  return (where: { rail: LocalRailName; code: string; currency: Currency }, kind: PayoutMethodKind): Promise<PayoutInstitution[]> => {
    const key = `${where.rail}:${where.code}:${where.currency}:${kind}`;
    const kept = lists.get(key);
    if (kept && clock.now().getTime() - kept.at < LIST_TTL_MS) return kept.list;
    const list = rails[where.rail].institutions(where.code, where.currency, kind);
    list.catch(() => lists.delete(key));
    setKeepingAtMost(lists, key, { at: clock.now().getTime(), list }, 100);
    return list;
  };
}

/**
 * What a country's local rail offers and accepts, for anyone (a Seer, or a vendor applicant, issue #46): its
 * institutions, a destination checked against them, and the holder's name as the provider resolves it.
 */
function countryDestinations(rails: PayoutRails, clock: Clock) {
  const listOf = institutionLists(rails, clock);

  /** The destination the input names, checked against what a country offers (a Seer's, or a vendor applicant's). */
  async function destinationIn(country: string, input: z.output<typeof resolveAccountSchema>) {
    const where = localOf(country);
    if (!where.kinds.includes(input.kind)) throw new AppError("BAD_REQUEST", KIND_NOT_OFFERED);
    const list = await listOf(where, input.kind);
    const institution = list.find((i) => i.code === input.institutionCode);
    if (!institution) throw new AppError("BAD_REQUEST", UNKNOWN_INSTITUTION);
    const destination: PayoutDestination = {
      country: where.code,
      currency: where.currency,
      kind: input.kind,
      institutionCode: institution.code,
      accountNumber: input.accountNumber,
    };
    return { rail: rails[where.rail], institution, destination };
  }

  async function resolveName(rail: PayoutRails[LocalRailName], destination: PayoutDestination) {
    try {
      return await rail.resolveAccount(destination);
    } catch (error) {
      if (error instanceof RailRefusedError) throw new AppError("BAD_REQUEST", error.message);
      throw new AppError("CONFLICT", NAME_NOT_RESOLVED, { cause: error });
    }
  }

  /**
   * Payout details for someone who is not a Seer (a vendor's application, issue #46), checked as a Seer's are: the
   * country's rail and kinds, the provider's institution, and the holder's name as the provider resolves it.
   */
  async function checkDetails(country: string, input: z.output<typeof resolveAccountSchema> & { accountName: string }) {
    const { rail, institution, destination } = await destinationIn(country, input);
    const resolved = await resolveName(rail, destination);
    if (resolved.accountName && resolved.accountName.trim().toLowerCase() !== input.accountName.trim().toLowerCase())
      throw new AppError("CONFLICT", NAME_CHANGED);
    return {
      rail: rail.name,
      kind: destination.kind,
      country: destination.country,
      currency: destination.currency,
      institutionCode: institution.code,
      institutionName: institution.name,
      accountNumber: destination.accountNumber,
      accountName: resolved.accountName ?? input.accountName,
    };
  }

  /** The holder's name as the provider reports it, for someone who is not a Seer (a vendor applicant, issue #46). */
  async function resolveIn(country: string, input: z.output<typeof resolveAccountSchema>) {
    const { rail, destination } = await destinationIn(country, input);
    return resolveName(rail, destination);
  }

  /** The countries' options for someone who is not a Seer yet: what a vendor applicant's country offers. */
  async function institutionsIn(country: string, kind: PayoutMethodKind) {
    const where = localOf(country);
    if (!where.kinds.includes(kind)) throw new AppError("BAD_REQUEST", KIND_NOT_OFFERED);
    return listOf(where, kind);
  }

  return { destinationIn, resolveName, checkDetails, institutionsIn, resolveIn };
}

/**
 * A Seer's local payout details (issue #40): what their country offers, the provider's name for an account before it
 * is saved, and saving it with the password again. A change replaces the details (the old row stays on record) and
 * holds payouts to the new ones for 24 hours; the Seer is mailed either way.
 */
export function createPayoutMethods({
  db,
  clock,
  outbox,
  rails,
  checkPassword,
  requestPayout,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  rails: PayoutRails;
  /** The account's own check of the current password, under the sign-in throttle. */
  checkPassword: (user: { id: string; email: string }, password: string, ip: string) => Promise<void>;
  /** First details are usable at once: what the Seer is owed is paid now rather than at the next sweep. */
  requestPayout: (seerId: string, occasion: string) => Promise<void>;
}) {
  async function current(seerId: string) {
    const [row] = await db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.seerId, seerId), isNull(payoutMethods.replacedAt)));
    return row;
  }

  const { destinationIn, resolveName, checkDetails, institutionsIn, resolveIn } = countryDestinations(rails, clock);

  /** What the Earnings tab offers this Seer, and their current details. */
  async function options(user: SessionUser) {
    const seer = await seerOf(db, user);
    const where = payoutsFor(seer.country);
    const method = await current(seer.id);
    const rail = where.rail === "stripe" ? null : rails[where.rail];
    return {
      country: seer.country,
      rail: where.rail,
      currency: where.currency,
      kinds: [...where.kinds],
      minimum: MINIMUM_PAYOUT[where.currency],
      holdHours: PAYOUT_DETAILS_HOLD_HOURS,
      testNumbers: rail?.testMode ? TEST_PAYOUT_NUMBERS : null,
      method: method
        ? {
            label: methodLabel(method),
            kind: method.kind,
            rail: method.rail,
            currency: method.currency,
            accountName: method.accountName,
            usableFrom: method.usableFrom,
          }
        : null,
    };
  }

  async function institutions(user: SessionUser, kind: PayoutMethodKind) {
    return institutionsIn((await seerOf(db, user)).country, kind);
  }

  /** The destination the input names, checked against what the Seer's country offers. */
  async function destinationOf(user: SessionUser, input: z.output<typeof resolveAccountSchema>) {
    const seer = await seerOf(db, user);
    return { seer, ...(await destinationIn(seer.country, input)) };
  }

  async function resolve(user: SessionUser, input: z.output<typeof resolveAccountSchema>) {
    const { rail, destination } = await destinationOf(user, input);
    return resolveName(rail, destination);
  }

  /**
   * Saves the details: the password first, then the name resolved again here (never taken from the page alone), the
   * provider's recipient, and the new row in place of the old one with the hold and the mail in one transaction.
   */
  async function save(user: SessionUser, input: z.output<typeof savePayoutMethodSchema>, ip: string) {
    const { seer, rail, institution, destination } = await destinationOf(user, input);
    if (input.currentPassword !== undefined) await checkPassword(user, input.currentPassword, ip);
    const resolved = await resolveName(rail, destination);
    const accountName = resolved.accountName ?? input.accountName;
    if (resolved.accountName && resolved.accountName.trim().toLowerCase() !== input.accountName.trim().toLowerCase())
      throw new AppError("CONFLICT", NAME_CHANGED);
    let recipientCode: string | null;
    try {
      ({ recipientCode } = await rail.createRecipient({ ...destination, accountName }));
    } catch (error) {
      if (error instanceof RailRefusedError) throw new AppError("BAD_REQUEST", error.message);
      throw error;
    }
    const now = clock.now();
    const saved = await db.transaction(async (tx) => {
      const [replaced] = await tx
        .update(payoutMethods)
        .set({ replacedAt: now })
        .where(and(eq(payoutMethods.seerId, seer.id), isNull(payoutMethods.replacedAt)))
        .returning({ id: payoutMethods.id });
      const usableFrom = replaced ? new Date(now.getTime() + PAYOUT_DETAILS_HOLD_HOURS * HOUR_MS) : now;
      const [row] = await tx
        .insert(payoutMethods)
        .values({
          seerId: seer.id,
          rail: rail.name,
          kind: destination.kind,
          country: destination.country,
          currency: destination.currency,
          institutionCode: institution.code,
          institutionName: institution.name,
          accountNumber: destination.accountNumber,
          accountName,
          recipientCode,
          usableFrom,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error("The payout details were not stored");
      await tx.update(seers).set({ payoutStatus: "active" }).where(eq(seers.id, seer.id));
      await outbox.send(
        `payout-details:${row.id}`,
        payoutDetailsChangedMail({
          to: seer.email,
          name: seer.name,
          label: methodLabel(row),
          usableFrom,
          first: !replaced,
          locale: seer.locale,
        }),
        { tx },
      );
      return row;
    });
    if (saved.usableFrom.getTime() <= now.getTime()) await requestPayout(seer.id, `details:${saved.id}`);
    return { label: methodLabel(saved), usableFrom: saved.usableFrom };
  }

  return { options, institutions, resolve, save, checkDetails, institutionsIn, resolveIn };
}
