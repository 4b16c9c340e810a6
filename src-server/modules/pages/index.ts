import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { renderHead } from "./html";
import type { PageService } from "./service";

export { createPageService } from "./service";

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

/** Serves a client page: the template is read once, the head is the page's own. */
export function createPageRenderer(pages: PageService, clientDir: string) {
  let template: string | undefined;
  return async function servePage(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    template ??= readFileSync(path.join(clientDir, "index.html"), "utf8");
    const pathname = (req.url.split("?")[0] ?? "/").split("#")[0] ?? "/";
    const { status, head } = await pages.head(pathname);
    return reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-cache").send(renderHead(template, head));
  };
}
