import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS } from "../scripts/lib/serve";
import { baseUrl, CHROMIUM, openPage, signInAs } from "./support";

// Public pages come drawn by the server for visitors who are not signed in (src-client/ssr.tsx,
// src-server/modules/pages/drawn.ts): their content is in the HTML itself, and the browser takes the page over
// without drawing it again.

const api = async <T>(path: string) => (await (await fetch(`${baseUrl()}${path}`)).json()) as T;

async function publicPages(): Promise<[string, string][]> {
  const [seer] = await api<{ id: string; fullName: string }[]>("/api/seers");
  const [product] = await api<{ slug: string; name: string }[]>("/api/products");
  const article = (await api<{ article: { slug: string; title: string } }[]>("/api/articles"))[0]?.article;
  if (!seer || !product || !article) throw new Error("The demo data has no Seer, product or article");
  return [
    ["/", "Browse Seers"],
    ["/seers", seer.fullName],
    [`/seers/${seer.id}`, seer.fullName],
    ["/shop", product.name],
    [`/shop/${product.slug}`, product.name],
    ["/wisdom", article.title],
    [`/wisdom/${article.slug}`, article.title],
  ];
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

describe("public pages drawn by the server", () => {
  it("carry their content in the HTML itself, and the browser takes them over with no error", async () => {
    for (const [url, shown] of await publicPages()) {
      const html = await (await fetch(`${baseUrl()}${url}`)).text();
      const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? "";
      expect(root, url).toContain(escapeHtml(shown));
      const page = await openPage({ width: 360 });
      await page.goto(url);
      // A difference between the server's page and the browser's first render is reported as an error (main.tsx).
      await page.getByText(shown).first().waitFor();
      expect(page.consoleErrors, url).toEqual([]);
      await page.context().close();
    }
  });

  it("show a Seer's profile with JavaScript turned off", async () => {
    const [seer] = await api<{ id: string; fullName: string }[]>("/api/seers");
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/seers/${seer?.id}`);
      await expect.poll(() => page.getByRole("heading", { name: seer?.fullName }).isVisible()).toBe(true);
      // Mantine's colours hang on the colour-scheme attribute, which the page's script would set: light by default.
      expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("light");
    } finally {
      await browser.close();
    }
  });

  it("are not drawn for a signed-in visitor", async () => {
    const page = await openPage();
    await signInAs(page, "client", "/shop");
    const html = await (await page.request.get("/shop")).text();
    expect(html).toContain('<div id="root"></div>');
    await page.context().close();
  });
});
