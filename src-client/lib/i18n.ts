import { setupI18n, type Messages } from "@lingui/core";
import { createContext, useContext } from "react";
import { messages as english } from "../../src/i18n/compiled/en";
import { DEFAULT_LOCALE, type Locale } from "../../src/i18n/locales";
import type { MessageId } from "../../src/i18n/messages/en";

/** A message in the app's language, its placeholders filled in. */
export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

export interface AppI18n {
  locale: Locale;
  t: Translate;
}

/**
 * The app's messages in one language (Lingui's runtime over the catalogs `npm run i18n` compiles; decision XXX). One per
 * app, not one for the process: the server draws pages in both languages at once (src-client/ssr.tsx).
 */
export function createI18n(locale: Locale, messages: Messages): AppI18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return { locale, t: (id, values) => i18n._(id, values) };
}

/**
 * A language's compiled messages: English's come with the app; French's are fetched only by a page in French, so
 * that a first load carries one language.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return locale === "fr" ? (await import("../../src/i18n/compiled/fr")).messages : english;
}

/** The app in English, as every test renders it unless told otherwise. */
export const englishI18n = createI18n(DEFAULT_LOCALE, english);

const I18nContext = createContext<AppI18n>(englishI18n);

export const I18nProvider = I18nContext.Provider;

/** The page's language and its messages. */
export const useI18n = (): AppI18n => useContext(I18nContext);
