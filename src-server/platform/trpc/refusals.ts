import { z, type ZodError } from "zod";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { validation } from "../../../src/i18n/messages/app/validation";
import { errors } from "../../../src/i18n/messages/server/errors";
import { errorsBookings } from "../../../src/i18n/messages/server/errorsBookings";
import { errorsShop } from "../../../src/i18n/messages/server/errorsShop";
import { messageFinder, translateFound } from "../../../src/i18n/refusals";
import { translator, type AnyMessageId } from "../i18n";
import { CONFIRM_IT_IS_YOU, SET_UP_SECOND_FACTOR } from "../../../src/domain/second-factor";

/**
 * The server's refusals in the request's language (issue #45). Nothing changes where they are thrown: a refusal is
 * found by its exact English in the catalogs' `errors*` areas and the schemas' `validation` area (src/i18n/refusals.ts),
 * and a zod issue whose message is zod's own default is written again by zod's French locale. A text found nowhere
 * stays English.
 */
const find = messageFinder(errors.en, errorsBookings.en, errorsShop.en, validation.en);

/**
 * Refusals the client recognises by their text (src-client/lib/confirm-identity.ts): the dialog or the settings they
 * lead to are the client's own, so their message stays the same in every language.
 */
const SIGNALS: ReadonlySet<string> = new Set([CONFIRM_IT_IS_YOU, SET_UP_SECOND_FACTOR]);

/** A refusal's message in `locale`: the same text in English, or when it is in no catalog. */
export function translateRefusal(message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || SIGNALS.has(message)) return message;
  const t = translator(locale);
  return translateFound(find, (id, values) => t(id as AnyMessageId, values), message) ?? message;
}

const englishDefault = z.locales.en().localeError;
const localeDefaults: Partial<Record<Locale, z.core.$ZodErrorMap>> = { fr: z.locales.fr().localeError };

/**
 * A value of the type zod's English names after `received` (an issue loses its input once reported), so that the
 * other language's message names the same type.
 */
const SAMPLES: Record<string, unknown> = {
  undefined: undefined,
  null: null,
  string: "",
  number: 0,
  NaN: Number.NaN,
  boolean: false,
  bigint: 0n,
  array: [],
  object: {},
  Date: new Date(0),
};

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

const textOf = (answer: ReturnType<z.core.$ZodErrorMap>): string | null =>
  typeof answer === "string" ? answer : (answer?.message ?? null);

/** French typography for zod's French: a no-break space before `: ; ! ?` (its locale writes a plain one). */
const typeset = (text: string): string => text.replace(/ ([:;!?])/g, "\u00a0$1");

/** zod's own message for an issue in `locale`, when the issue's message is zod's English default; else null. */
function zodDefault(issue: z.core.$ZodIssue, locale: Locale): string | null {
  const localeError = localeDefaults[locale];
  if (!localeError) return null;
  let input: unknown;
  if (issue.code === "invalid_type") {
    const received = / received (\S+)$/.exec(issue.message)?.[1];
    if (!received || !(received in SAMPLES)) return null;
    input = SAMPLES[received];
  }
  const raw = { ...issue, input } as RawIssue;
  if (textOf(englishDefault(raw)) !== issue.message) return null;
  const translated = textOf(localeError(raw));
  return translated ? typeset(translated) : null;
}

/** One zod issue's message in `locale`: a schema's own message from the catalog, or zod's default in the language. */
export function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return issue.message;
  const t = translator(locale);
  return (
    translateFound(find, (id, values) => t(id as AnyMessageId, values), issue.message) ??
    zodDefault(issue, locale) ??
    issue.message
  );
}

/** A ZodError's form and field errors (what `zodError` answers) in `locale`. */
export const flattenIn = (error: ZodError, locale: Locale) => z.flattenError(error, (issue) => issueMessage(issue, locale));

/** The message tRPC gives a ZodError (its issues as JSON), with each issue's message in `locale`. */
export const zodMessageIn = (error: ZodError, locale: Locale): string =>
  locale === DEFAULT_LOCALE
    ? error.message
    : JSON.stringify(
        error.issues.map((issue) => ({ ...issue, message: issueMessage(issue, locale) })),
        null,
        2,
      );
