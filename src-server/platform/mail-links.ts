import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { users } from "../../db/schema";
import { DEFAULT_LOCALE, localePath, type Locale } from "../../src/i18n/locales";

/*
 * The links of mails, calendar invites and notifications, at their reader's address (issue #45): a French reader's
 * mail links to `/fr/...`, which every page of ours answers (src-server/modules/pages: any page of
 * src/domain/pages.ts under the prefix; the client's router takes the prefix off), so the page opens in French
 * without a redirect or a flash of English. Only our pages: not the API, the calendar feeds, nor a carrier's address.
 */

/** The address of our page `path` (query and fragment allowed) for a reader in `locale`: `/profile` → `…/fr/profile`. */
export function pageLink(publicUrl: string, path: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${publicUrl}${localePath(locale, path)}`;
}

/** An address of one of our pages already written at its English address (`https://…/profile`), for `locale`. */
export function linkIn(url: string, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return url;
  const parsed = new URL(url);
  return `${parsed.origin}${localePath(locale, parsed.pathname)}${parsed.search}${parsed.hash}`;
}

/**
 * The language (`users.locale`) of the account `userId` names, as a column of the statement that already reads or
 * changes the row a mail is about (a select's, an update's or an insert's returning), so that the mail is in its
 * recipient's language without a query more (decision 180): `.returning({ ...columns, locale: localeOfUser(t.userId) })`.
 */
export const localeOfUser = (userId: AnyColumn): SQL<Locale> =>
  sql<Locale>`(select ${users.locale} from ${users} where ${users.id} = ${userId})`;
