import { setupI18n, type Messages } from "@lingui/core";
import type { FastifyRequest } from "fastify";
import { messages as appEn } from "../../src/i18n/compiled/app-en";
import { messages as appFr } from "../../src/i18n/compiled/app-fr";
import { messages as publicEn } from "../../src/i18n/compiled/en";
import { messages as publicFr } from "../../src/i18n/compiled/fr";
import { messages as serverEn } from "../../src/i18n/compiled/server-en";
import { messages as serverFr } from "../../src/i18n/compiled/server-fr";
import { inLocale } from "../../src/i18n/format-locale";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_HEADER,
  localeFromAcceptLanguage,
  LOCALES,
  type Locale,
} from "../../src/i18n/locales";
import type { MessageId } from "../../src/i18n/messages/en";
import type { ServerMessageId } from "../../src/i18n/messages/server";

/** Every message the product has, as the server may write it: the pages', the app's and its own. */
export type AnyMessageId = MessageId | ServerMessageId;

/** A message in one language, its placeholders filled in. */
export type ServerTranslate = (id: AnyMessageId, values?: Record<string, unknown>) => string;

const catalogs: Record<Locale, Messages> = {
  en: { ...publicEn, ...appEn, ...serverEn },
  fr: { ...publicFr, ...appFr, ...serverFr },
};

const translators = new Map(
  LOCALES.map((locale) => {
    const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
    const translate: ServerTranslate = (id, values) => i18n._(id, values);
    return [locale, translate] as const;
  }),
);

/**
 * What the server writes in a person's language (issue #45): a mail or a calendar invite in its recipient's
 * (`users.locale`), an answer in the page's. Every catalog is at hand here; none of this reaches a browser.
 */
export function translator(locale: Locale): ServerTranslate {
  const translate = translators.get(locale);
  if (!translate) throw new Error(`No catalog for ${locale}`);
  return translate;
}

/**
 * What `build` writes in `locale`: its messages through `t`, and its money and numbers (formatMoney) in that language
 * too. A mail or an invite in its recipient's language (`users.locale`); synchronous, like a page's render.
 */
export function writeIn<T>(locale: Locale, build: (t: ServerTranslate) => T): T {
  const t = translator(locale);
  return inLocale(locale, () => build(t));
}

/**
 * The language a request is answered in (its refusals, issue #45), as the pages decide theirs: the page that sent it
 * names its own (the app's requests carry `LOCALE_HEADER`, the page's `<html lang>`), then the switcher's cookie (which
 * a signed-in person's choice also sets), then the browser's Accept-Language.
 */
export function requestLocale(req: Pick<FastifyRequest, "cookies" | "headers">): Locale {
  const page = req.headers[LOCALE_HEADER];
  if (isLocale(page)) return page;
  const chosen = req.cookies[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : (localeFromAcceptLanguage(req.headers["accept-language"]) ?? DEFAULT_LOCALE);
}
