import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { withDrawnPage, type DrawnPage, type PageAssets } from "./drawn";
import { renderHead } from "./html";
import type { PageService } from "./service";

export { createPageService } from "./service";
export { BOOT_SCRIPT, loadRenderer, type DrawnPage, type PageAssets } from "./drawn";

/** Draws a public page on the server for a visitor who is not signed in (src-client/ssr.tsx through app.ts). */
export interface PageDrawer {
  draw(url: string, req: FastifyRequest, reply: FastifyReply): Promise<DrawnPage>;
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
    const pathname = (req.url.split("?")[0] ?? "/").split("#")[0] ?? "/";
    const { status, head, drawn } = await pages.head(pathname);
    let html = renderHead(template, head);
    if (drawer && drawn && req.method === "GET" && !req.session.get("userId")) {
      try {
        html = withDrawnPage(html, await drawer.draw(req.url, req, reply), drawer.assets);
      } catch (error) {
        req.log.error({ err: error, url: req.url }, "Drawing a page on the server failed; sent undrawn");
      }
    }
    reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "accept-encoding");
    // A drawn page is 70 to 150 KB of HTML: compressed, a tenth of that crosses a phone's link.
    const accepted = String(req.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(await brotli(html));
    if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(await gzipped(html));
    return reply.send(html);
  };
}
