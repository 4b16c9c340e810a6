import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_STATE_ID } from "../../../src/domain/pages";
import type { Locale } from "../../../src/i18n/locales";
import { inScript } from "./html";

/** What the client's server renderer (src-client/ssr.tsx, built into dist/ssr) gives for one page. */
export interface DrawnPage {
  html: string;
  state: string;
  routeIds: string[];
}

/** The built renderer's one export, over whatever link to the procedures the app hands it. */
interface Renderer<Link> {
  renderPage(url: string, link: Link, locale: Locale): Promise<DrawnPage>;
}

/** A stylesheet's text inside a `<style>` element: only `</style` could end it early. */
const inStyle = (css: string) => css.replace(/<\/style/gi, "<\\/style");

const SHEET_LINK = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>\s*/g;

/**
 * The built template with a drawn page in #root and its data after it. Every stylesheet the page needs (the shell's
 * and its routes') is written into the head, so that the first paint waits for no request; each route's sheet is
 * also linked, `disabled` (so neither applied twice nor fetched), so that the client's code loader sees it is there
 * and does not fetch it again. The app's script is replaced by the boot script (below), which asks for it and for
 * the routes' own code once the page is painted.
 */
export function withDrawnPage(template: string, page: DrawnPage, assets: PageAssets): string {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const id of page.routeIds) {
    for (const sheet of assets.routes[id]?.css ?? []) css.add(sheet);
    for (const file of assets.routes[id]?.js ?? []) js.add(file);
  }
  const shellSheets: string[] = [];
  const head = template.replace(SHEET_LINK, (link, href: string) => {
    if (assets.sheets[href] === undefined) return link;
    shellSheets.push(href);
    return "";
  });
  const inline = [...shellSheets, ...css].map((href) => inStyle(assets.sheets[href] ?? "")).join("\n");
  const links = [
    `<style>${inline}</style>`,
    ...[...css].map((href) => `<link rel="stylesheet" disabled crossorigin href="${href}">`),
  ].join("\n    ");
  let entry: string | undefined;
  const withoutEntry = head.replace(APP_SCRIPT, (_tag, src: string) => {
    entry = src;
    return "";
  });
  if (!entry) throw new Error("The built page names no app script");
  const boot = `<meta id="${BOOT_ID}" data-src="${entry}" data-preload="${[...js].join(" ")}">\n<script>${BOOT_SCRIPT}</script>`;
  return withoutEntry
    .replace("</head>", () => `    ${links}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${inScript(page.state)}</script>\n${boot}`,
    );
}

/** The built page's app script, `<script type="module" crossorigin src="/assets/index-….js"></script>`. */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;

const BOOT_ID = "seer-boot";

/** How many of a route's files the boot script asks for in one task. */
const PRELOADS_PER_TASK = 5;

/** How long the boot script waits for the page's load and first paint before asking for the code all the same. */
const BOOT_WAIT_MS = 3000;

/**
 * On a drawn page, the app's code is asked for once the page has loaded (its images and fonts: the app's code is not
 * part of it) and has been painted, with the routes' own code beside it: what the visitor came to see is on screen
 * without waiting for, or sharing the link with, 130 KB of code that only makes it interactive. Lighthouse's simulated
 * phone counts every request made before the page's observed first and largest paints as one the paints waited for:
 * asked for after the next frame only (as before), the code was often asked for before Chromium had painted, and `/`
 * took 2.1 s to its largest paint instead of 1.4 (issue #18). The paint is the browser's own record of the first
 * contentful paint; where the browser keeps none, or after BOOT_WAIT_MS, the code is asked for anyway.
 * The routes' files are asked for a few per task, then the app's script: the directory's 20 links added in one task
 * took 2 to 21 ms of it in Lighthouse's traces, which its phone counts four times. The app's script stays last: asked
 * for first, it often arrived before the shop's first product image was painted, and the simulated largest paint then
 * waited for its 140 KB. The CSP admits this one inline script by its hash (app.ts).
 */
export const BOOT_SCRIPT = `(function(){var w=document,n=0,go=function(){if(n++)return;requestAnimationFrame(function(){setTimeout(function(){var b=w.getElementById("${BOOT_ID}"),h=w.head,f=(b.getAttribute("data-preload")||"").split(" ");(function p(){f.splice(0,${PRELOADS_PER_TASK}).forEach(function(u){if(!u)return;var l=w.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});if(f.length){setTimeout(p,0);return}var s=w.createElement("script");s.type="module";s.crossOrigin="";s.src=b.getAttribute("data-src");h.appendChild(s)})()},0)})},painted=function(){var P=window.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return go();var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}});o.observe({type:"paint",buffered:true})};setTimeout(go,${BOOT_WAIT_MS});if(w.readyState=="complete")painted();else addEventListener("load",painted)})()`;

/** Each route's stylesheets and code (scripts/route-assets.ts), and the text of every stylesheet of the build. */
export interface PageAssets {
  routes: Record<string, { css: string[]; js: string[] }>;
  sheets: Record<string, string>;
}

/**
 * The renderer built by `npm run build` (dist/ssr/ssr.js) and the pages' assets, or null where there is none (tests
 * and `npm run dev`): pages are then sent for the browser to draw, as before.
 */
export async function loadRenderer<Link>(
  ssrDir: string,
  clientDir: string,
): Promise<{ renderer: Renderer<Link>; assets: PageAssets } | null> {
  const entry = path.join(ssrDir, "ssr.js");
  const routesFile = path.join(ssrDir, "route-assets.json");
  if (!existsSync(entry) || !existsSync(routesFile)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as Renderer<Link>;
  const routes = JSON.parse(readFileSync(routesFile, "utf8")) as PageAssets["routes"];
  const sheets: PageAssets["sheets"] = {};
  const assetsDir = path.join(clientDir, "assets");
  for (const file of readdirSync(assetsDir)) {
    if (file.endsWith(".css")) sheets[`/assets/${file}`] = readFileSync(path.join(assetsDir, file), "utf8");
  }
  return { renderer, assets: { routes, sheets } };
}
