import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Messages } from "@lingui/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { withDrawnPage, type DrawnPage, type PageAssets } from "./drawn";
import { messages as englishMessages } from "../../../src/i18n/compiled/en";
import { messages as frenchMessages } from "../../../src/i18n/compiled/fr";
import { messages as englishApp } from "../../../src/i18n/compiled/app-en";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { DRAWN_AREAS } from "../../../src/i18n/drawn-areas";
import { inScript, renderHead } from "./html";
import type { PageService } from "./service";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  localeFromAcceptLanguage,
  MESSAGES_ID,
  localePath,
  splitLocalePath,
  type Locale,
} from "../../../src/i18n/locales";

export { createPageService } from "./service";

const PUBLIC_MESSAGES: Record<Locale, Messages> = { en: englishMessages, fr: frenchMessages };
const APP_MESSAGES: Record<Locale, Messages> = { en: englishApp, fr: frenchApp };

const messagesScript = (locale: Locale, messages: Messages) =>
  `<script type="application/json" id="${MESSAGES_ID}" data-locale="${locale}">${inScript(JSON.stringify(messages))}</script>`;

/**
 * Each language's compiled messages as every page carries them (src-client/lib/i18n.ts reads them): in the HTML, not
 * in the first load's JavaScript, whose budget a catalog would break (issue #18).
 */
const MESSAGES_SCRIPT: Record<Locale, string> = { en: messagesScript("en", englishMessages), fr: messagesScript("fr", frenchMessages) };

/** The pages that also carry areas of the app's catalog (src/i18n/drawn-areas.ts): their scripts, made once. */
const DRAWN_AREAS_SCRIPT = new Map<string, string>();

/** The messages script of the page at `pathname` in `locale`: the public catalog, and the page's areas of the app's. */
function pageMessagesScript(locale: Locale, pathname: string): string {
  const areas = DRAWN_AREAS[pathname];
  if (!areas) return MESSAGES_SCRIPT[locale];
  const key = `${locale} ${pathname}`;
  let script = DRAWN_AREAS_SCRIPT.get(key);
  if (script === undefined) {
    const prefixes = areas.map((area) => `${area}.`);
    const app = Object.entries(APP_MESSAGES[locale]).filter(([id]) => prefixes.some((prefix) => id.startsWith(prefix)));
    script = messagesScript(locale, { ...PUBLIC_MESSAGES[locale], ...Object.fromEntries(app) });
    DRAWN_AREAS_SCRIPT.set(key, script);
  }
  return script;
}
export { BOOT_SCRIPT, loadRenderer, type DrawnPage, type PageAssets } from "./drawn";

/** Draws a public page on the server for a visitor who is not signed in (src-client/ssr.tsx through app.ts). */
export interface PageDrawer {
  draw(url: string, req: FastifyRequest, reply: FastifyReply, locale: Locale): Promise<DrawnPage>;
  assets: PageAssets;
}

/**
 * robots.txt, sitemap.xml, and every client page as the built index.html with its own head: title, description,
 * canonical URL, Open Graph and Twitter tags and JSON-LD; unknown addresses and missing Seers, products and
 * articles answer 404 with the same shell, whose client shows the product's not-found screen.
 */
export function registerPageRoutes(app: FastifyInstance, pages: PageService): void {
  app.get("/robots.txt", (_req, reply) => reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(pages.robots()));
  app.get("/sitemap.xml", async (_req, reply) =>
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(await pages.sitemap()),
  );
}

const HEAD_SCRIPT = '<script src="/color-scheme.js"></script>';

/** The colour-scheme script's text (src-client/public/color-scheme.js), to write into every page. */
export function readHeadScript(clientDir: string): string | undefined {
  const file = path.join(clientDir, "color-scheme.js");
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** The template with the colour-scheme script written in (the CSP admits it by its hash: app.ts). */
const withHeadScript = (template: string, script: string | undefined) =>
  script && template.includes(HEAD_SCRIPT) ? template.replace(HEAD_SCRIPT, () => `<script>${script}</script>`) : template;

const brotli = (text: string) =>
  promisify(brotliCompress)(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } });
const gzipped = (text: string) => promisify(gzip)(text, { level: 6 });

/**
 * Serves a client page: the template is read once, the head is the page's own. A page marked drawn (`PageInfo.drawn`:
 * the public pages and sign-in) asked for by a visitor who is not signed in comes drawn, with its data, when a drawer
 * is given; should drawing fail, the page goes out undrawn, for the browser to draw as it does every other page.
 */
export function createPageRenderer(
  pages: PageService,
  clientDir: string,
  { drawer, headScript }: { drawer?: PageDrawer; headScript?: string } = {},
) {
  let template: string | undefined;
  return async function servePage(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    template ??= withHeadScript(readFileSync(path.join(clientDir, "index.html"), "utf8"), headScript);
    const address = (req.url.split("?")[0] ?? "/").split("#")[0] ?? "/";
    // The page's language (issue #45): its address's (/fr/...); at an English address, a visitor who chose French (the
    // switcher's cookie) or whose browser prefers it (Accept-Language) is sent to the French one. Crawlers, which send
    // neither, read each language at its own address.
    const { locale: addressLocale, path: pathname } = splitLocalePath(address);
    if (!addressLocale && req.method === "GET") {
      const chosen = req.cookies[LOCALE_COOKIE];
      const wanted = isLocale(chosen) ? chosen : localeFromAcceptLanguage(req.headers["accept-language"]);
      if (wanted && wanted !== DEFAULT_LOCALE) {
        return reply
          .header("vary", "accept-language, cookie")
          .header("cache-control", "no-cache")
          .redirect(localePath(wanted, pathname) + req.url.slice(address.length), 302);
      }
    }
    const locale = addressLocale ?? DEFAULT_LOCALE;
    const { status, head, drawn } = await pages.head(pathname, locale);
    let html = renderHead(template, head)
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      .replace("</head>", () => `  ${pageMessagesScript(locale, pathname)}\n  </head>`);
    if (drawer && drawn && req.method === "GET" && !req.session.get("userId")) {
      try {
        html = withDrawnPage(html, await drawer.draw(req.url, req, reply, locale), drawer.assets);
      } catch (error) {
        req.log.error({ err: error, url: req.url }, "Drawing a page on the server failed; sent undrawn");
      }
    }
    reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "accept-encoding, accept-language, cookie");
    // A drawn page is 70 to 150 KB of HTML: compressed, a tenth of that crosses a phone's link.
    const accepted = String(req.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(await brotli(html));
    if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(await gzipped(html));
    return reply.send(html);
  };
}
