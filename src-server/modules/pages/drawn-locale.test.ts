import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

// Issue #45: a drawn page's calls to the procedures (in-process, through the link app.ts hands the renderer) are
// answered in the page's language, its address's, as the app's own calls are (they send it as a header), not in the
// language of the request's cookie or Accept-Language.

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Seer</title>
    <meta name="description" content="x" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
// A stand-in renderer that asks, through the link it is given, for a Seer who does not exist (as a profile's page
// would), and draws the refusal it is answered with.
const renderer = `export function renderPage(url, link) {
  return new Promise((resolve) => {
    const op = { id: 1, type: "query", path: "seers.byId", input: { id: "00000000-0000-4000-8000-000000000000" }, context: {}, signal: null };
    const draw = (text) => resolve({ html: "<main>" + text + "</main>", state: "{}", routeIds: ["__root__"] });
    link({})({ op }).subscribe({ next: () => draw("found"), error: (error) => draw(error.message) });
  });
}
`;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "seer-drawn-locale-"));
  const clientDir = path.join(dir, "client");
  const ssrDir = path.join(dir, "ssr");
  mkdirSync(path.join(clientDir, "assets"), { recursive: true });
  mkdirSync(ssrDir);
  writeFileSync(path.join(clientDir, "index.html"), template);
  writeFileSync(path.join(ssrDir, "ssr.js"), renderer);
  writeFileSync(path.join(ssrDir, "route-assets.json"), "{}");
  t = await createTestApp({ clientDir, ssrDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const drawnText = async (url: string, headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url, headers });
  expect(response.statusCode).toBe(200);
  return /<div id="root"><main>([^<]*)<\/main><\/div>/.exec(response.body)?.[1];
};

describe("a drawn page's calls to the procedures", () => {
  it("are answered in the page's language: French at a /fr address for a browser that prefers English", async () => {
    expect(await drawnText("/fr/seers", { "accept-language": "en-US,en;q=0.9" })).toBe("Seer introuvable");
    expect(await drawnText("/fr/login", { "accept-language": "en", cookie: "locale=en" })).toBe("Seer introuvable");
  });

  it("are answered in English at an English address", async () => {
    expect(await drawnText("/seers", { "accept-language": "en-US,en;q=0.9" })).toBe("Seer Not Found");
    expect(await drawnText("/login", {})).toBe("Seer Not Found");
  });
});
