import { setupI18n, type Messages } from "@lingui/core";
import { createContext, useContext } from "react";
import { MESSAGES_ID, type Locale } from "../../src/i18n/locales";
import type { MessageId } from "../../src/i18n/messages/en";

/** A message in the app's language, its placeholders filled in. */
export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

export interface AppI18n {
  locale: Locale;
  t: Translate;
  /**
   * Fetches the app's catalog in this language once (src/i18n/messages/app): the screens the server does not draw
   * await it before they show (their routes' `beforeLoad`, checkAccess); the public pages never fetch it.
   */
  ensureApp: () => Promise<void>;
  /** Whether this message is at hand: a drawn page may carry an area of the app's catalog (src/i18n/drawn-areas.ts). */
  has: (id: MessageId) => boolean;
}

/** The app's catalog in a language, a chunk of its own per language. */
const appMessages = async (locale: Locale): Promise<Messages> =>
  locale === "fr" ? (await import("../../src/i18n/compiled/app-fr")).messages : (await import("../../src/i18n/compiled/app-en")).messages;

/**
 * The app's messages in one language (Lingui's runtime over the catalogs `npm run i18n` compiles; decision 175). One per
 * app, not one for the process: the server draws pages in both languages at once (src-client/ssr.tsx).
 */
export function createI18n(locale: Locale, messages: Messages): AppI18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  let app: Promise<void> | undefined;
  return {
    locale,
    t: (id, values) => i18n._(id, values),
    has: (id) => i18n.messages[id] !== undefined,
    // A failed fetch (offline) is tried again by the next screen that needs it.
    ensureApp: () =>
      (app ??= appMessages(locale).then(
        (more) => i18n.load(locale, more),
        (error: unknown) => {
          app = undefined;
          throw error;
        },
      )),
  };
}

/**
 * A language's compiled messages: in the browser, those the server wrote into the page (src-server/modules/pages), so
 * that no catalog is in the first load's JavaScript; else (the server's renderer, a page without them) fetched as a
 * chunk of their own.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const written = typeof document === "undefined" ? null : document.getElementById(MESSAGES_ID);
  if (written?.textContent && written.dataset.locale === locale) return JSON.parse(written.textContent) as Messages;
  return locale === "fr"
    ? (await import("../../src/i18n/compiled/fr")).messages
    : (await import("../../src/i18n/compiled/en")).messages;
}

const I18nContext = createContext<AppI18n | null>(null);

export const I18nProvider = I18nContext.Provider;

let fallback: AppI18n | undefined;

/** The language of components drawn outside the app's provider (tests render components alone: src-client/test/setup.ts). */
export function setFallbackI18n(i18n: AppI18n): void {
  fallback = i18n;
}

let page: AppI18n | undefined;

/**
 * The browser's page, for what is said outside components (a toast from a request's callback, lib/notify.ts): set once
 * by main.tsx, since a page keeps its language for its life (decision 175). Never on the server, whose renderer draws
 * both languages at once; tests set it when they read a toast in another language, and unset it after.
 */
export function setPageI18n(i18n: AppI18n | undefined): void {
  page = i18n;
}

/** The page's language outside components: the page's (setPageI18n), else English as components drawn alone. */
export function pageI18n(): AppI18n {
  const i18n = page ?? fallback;
  if (!i18n) throw new Error("No language: main.tsx sets the page's (setPageI18n)");
  return i18n;
}

/** The page's language and its messages. */
export function useI18n(): AppI18n {
  const i18n = useContext(I18nContext) ?? fallback;
  if (!i18n) throw new Error("No language: draw inside I18nProvider (root.tsx)");
  return i18n;
}
