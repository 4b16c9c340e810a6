import { describe, expect, it } from "vitest";
import { baseUrl, openPage } from "./support";

/** What a crawler or a chat app's link preview fetches: plain HTTP, no JavaScript. */
describe("pages as crawlers and link previews read them", () => {
  it("sends a Seer's name in <title> and og:title, with JSON-LD, in the HTML itself", async () => {
    const seers = (await (await fetch(`${baseUrl()}/api/seers`)).json()) as { id: string; fullName: string }[];
    const seer = seers[0];
    expect(seer).toBeDefined();
    const response = await fetch(`${baseUrl()}/seers/${seer?.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escaped = (seer?.fullName ?? "").replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(escaped);
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="[^"]*${escaped.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(html).toContain('<script type="application/ld+json">');
  });

  it("answers 404 for an unknown address, and the page still shows 'Page Not Found'", async () => {
    expect((await fetch(`${baseUrl()}/no-such-page`)).status).toBe(404);
    const page = await openPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await page.context().close();
  });

  it("serves robots.txt, sitemap.xml, favicon.ico and the app manifest as themselves", async () => {
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(robots.headers.get("content-type")).toContain("text/plain");
    expect(await robots.text()).toContain("Sitemap:");
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("xml");
    expect(await sitemap.text()).toMatch(/<loc>[^<]*\/seers\/[^<]+<\/loc>/);
    const icon = await fetch(`${baseUrl()}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/icon/);
    const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(((await manifest.json()) as { short_name: string }).short_name).toBe("Seer");
  });
});
