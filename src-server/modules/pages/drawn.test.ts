import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer } from "../../../db/seed/factories";
import { createTestApp, signUp, type TestApp } from "../../test/app";
import { BOOT_SCRIPT } from "./drawn";

// The server's side of drawn pages, around a stand-in renderer: which requests get a drawn page, and what the page
// then carries. The real renderer (src-client/ssr.tsx) is exercised by its own test and end to end.

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Seer</title>
    <meta name="description" content="x" />
    <script src="/color-scheme.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const colorScheme = "document.documentElement.setAttribute('data-mantine-color-scheme', 'light');\n";
// What a visitor typed can end up in the handed-over data: it must not end the script element.
const state = JSON.stringify({ json: { queries: [{ data: "</script><script>alert(1)</script>" }] } });
const renderer = `export async function renderPage(url) {
  if (url.includes("fail")) throw new Error("the renderer failed");
  return { html: "<main>Drawn " + url + "</main>", state: ${JSON.stringify(state)}, routeIds: ["__root__", "/seers/$id"] };
}
`;

let t: TestApp;
let dir: string;
const log: string[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "seer-drawn-"));
  const clientDir = path.join(dir, "client");
  const ssrDir = path.join(dir, "ssr");
  mkdirSync(path.join(clientDir, "assets"), { recursive: true });
  mkdirSync(ssrDir);
  writeFileSync(path.join(clientDir, "index.html"), template);
  writeFileSync(path.join(clientDir, "color-scheme.js"), colorScheme);
  writeFileSync(path.join(clientDir, "assets", "index-1.css"), "body{margin:0}");
  writeFileSync(path.join(clientDir, "assets", "route-1.css"), ".card{color:red}/*</style>*/");
  writeFileSync(path.join(ssrDir, "ssr.js"), renderer);
  writeFileSync(
    path.join(ssrDir, "route-assets.json"),
    JSON.stringify({ "/seers/$id": { css: ["/assets/route-1.css"], js: ["/assets/route-1.js", "/assets/Card-1.js"] } }),
  );
  t = await createTestApp({ clientDir, ssrDir, logStream: { write: (line) => void log.push(line) } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a public page asked for by a visitor who is not signed in", () => {
  it("comes drawn, with its data, every stylesheet it needs written in, and its code asked for after the first paint", async () => {
    const seer = await createSeer(t.database.db);
    const response = await get(`/seers/${seer.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<div id="root"><main>Drawn /seers/${seer.id}</main></div>`);
    // The data, escaped inside its script element, reads back as it was.
    expect(html).not.toContain("</script><script>alert(1)");
    const handed = /<script type="application\/json" id="seer-server-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(handed && JSON.parse(handed)).toEqual(JSON.parse(state));
    // The shell's and the route's sheets in one <style>; the route's also linked for the client's loader, inert.
    expect(html).toContain("<style>body{margin:0}\n.card{color:red}/*<\\/style>*/</style>");
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).toContain('<link rel="stylesheet" disabled crossorigin href="/assets/route-1.css">');
    // No module script in the page: the boot script asks for it, with the route's code, once the page is painted.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<meta id="seer-boot" data-src="/assets/index-1.js" data-preload="/assets/route-1.js /assets/Card-1.js">');
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script>`);
    expect(html).toContain(`<script>${colorScheme}</script>`);
    // Both inline scripts are admitted by their hashes, and no other inline script is.
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${sha256(colorScheme)} ${sha256(BOOT_SCRIPT)}`);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain("unsafe-inline");
  });

  it("crosses the link compressed when the browser accepts it, and says it varies with that", async () => {
    const seer = await createSeer(t.database.db);
    const plain = await get(`/seers/${seer.id}`);
    const br = await get(`/seers/${seer.id}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(`/seers/${seer.id}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("goes out undrawn, as before, when drawing fails, and the failure is logged", async () => {
    const seer = await createSeer(t.database.db);
    const response = await get(`/seers/${seer.id}?fail`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(log.join("\n")).toContain("Drawing a page on the server failed");
  });
});

describe("the sign-in page (issue #39)", () => {
  it("comes drawn for a visitor, so that it works without the app's code, and stays out of search results", async () => {
    const response = await get("/login?returnTo=%2Fshop");
    expect(response.body).toContain('<div id="root"><main>Drawn /login?returnTo=%2Fshop</main></div>');
    expect(response.body).toContain('<meta name="robots" content="noindex"');
  });

  it("is undrawn for a signed-in visitor", async () => {
    const { cookie } = await signUp(t.app);
    const response = await get("/login", { cookie });
    expect(response.body).toContain('<div id="root"></div>');
  });
});

describe("pages that are not drawn", () => {
  const undrawn = (html: string) =>
    html.includes('<div id="root"></div>') && html.includes('<script type="module" crossorigin src="/assets/index-1.js"></script>');

  it("are undrawn for a signed-in visitor, whose pages are their own", async () => {
    const seer = await createSeer(t.database.db);
    const { cookie } = await signUp(t.app);
    expect(undrawn((await get(`/seers/${seer.id}`, { cookie })).body)).toBe(true);
  });

  it("are undrawn when private or missing: a profile, a cart, a Seer who does not exist", async () => {
    expect(undrawn((await get("/profile")).body)).toBe(true);
    expect(undrawn((await get("/cart")).body)).toBe(true);
    const missing = await get("/seers/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(undrawn(missing.body)).toBe(true);
  });
});
