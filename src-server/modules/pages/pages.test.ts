import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, createProduct, createSeer } from "../../../db/seed/factories";
import { createTestApp, type TestApp } from "../../test/app";

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Book video consultations with verified African spiritual guides and shop sacred goods." />
    <title>Seer — Verified African Spiritual Guides</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), "seer-client-"));
  writeFileSync(path.join(clientDir, "index.html"), template);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: "GET", url });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];
const jsonLdOf = (html: string) => {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
};

describe("the head of each page, written by the server", () => {
  it("gives a Seer's page their name in the title and preview tags, and a Person in JSON-LD", async () => {
    const seer = await createSeer(t.database.db, { fullName: "Babalawo Ifáṣeyí Adéwálé", tradition: "Ifá", profileImageUrl: "/images/seers/a.jpg" });
    const response = await get(`/seers/${seer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(titleOf(response.body)).toBe("Babalawo Ifáṣeyí Adéwálé, Ifá · Seer");
    expect(metaOf(response.body, "og:title")).toBe("Babalawo Ifáṣeyí Adéwálé, Ifá · Seer");
    expect(metaOf(response.body, "description")).toBe("A priestess of the Akan tradition who offers calm, grounded guidance.");
    expect(metaOf(response.body, "og:image")).toBe("http://localhost:3000/images/seers/a.jpg");
    expect(response.body).toContain(`<link rel="canonical" href="http://localhost:3000/seers/${seer.id}" />`);
    expect(metaOf(response.body, "robots")).toBeUndefined();
    expect(jsonLdOf(response.body)).toMatchObject({ "@type": "Person", name: "Babalawo Ifáṣeyí Adéwálé" });
    // One title and one description: the template's are replaced, not repeated.
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("escapes what people typed, in tags and in JSON-LD", async () => {
    const seer = await createSeer(t.database.db, {
      fullName: `Mallam "</title><script>alert(1)</script>`,
      biography: "Reads the sand. </script><script>alert(2)</script> & more",
    });
    const html = (await get(`/seers/${seer.id}`)).body;
    expect(html).not.toContain("<script>alert");
    expect(titleOf(html)).toContain("&lt;/title&gt;");
    expect(jsonLdOf(html)).toMatchObject({ name: `Mallam "</title><script>alert(1)</script>` });
  });

  it("answers 404 for a missing or unapproved Seer, with noindex", async () => {
    const pending = await createSeer(t.database.db, { verificationStatus: "pending" });
    for (const url of [`/seers/${pending.id}`, "/seers/00000000-0000-0000-0000-000000000000", "/seers/not-an-id"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(titleOf(response.body)).toBe("Page Not Found · Seer");
      expect(metaOf(response.body, "robots")).toBe("noindex");
    }
  });

  it("describes a product with its price and availability, and 404s an inactive one", async () => {
    const product = await createProduct(t.database.db, { name: "Cowrie Shell Necklace", price: "35.50", stockQuantity: 0 });
    const response = await get(`/shop/${product.slug}`);
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe("Cowrie Shell Necklace · Seer");
    expect(metaOf(response.body, "og:type")).toBe("product");
    expect(jsonLdOf(response.body)).toMatchObject({
      "@type": "Product",
      offers: { price: "35.50", priceCurrency: "USD", availability: "https://schema.org/OutOfStock" },
    });
    const inactive = await createProduct(t.database.db, { isActive: false });
    expect((await get(`/shop/${inactive.slug}`)).statusCode).toBe(404);
  });

  it("describes a published article with its author, and 404s a draft", async () => {
    const article = await createArticle(t.database.db, { title: "Water and Memory", excerpt: "Why we pour libation." });
    const response = await get(`/wisdom/${article.slug}`);
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe("Water and Memory · Seer");
    expect(metaOf(response.body, "og:description")).toBe("Why we pour libation.");
    expect(jsonLdOf(response.body)).toMatchObject({ "@type": "Article", headline: "Water and Memory", author: { "@type": "Person" } });
    const draft = await createArticle(t.database.db, { isPublished: false });
    expect((await get(`/wisdom/${draft.slug}`)).statusCode).toBe(404);
  });

  it("titles static pages, keeps private ones out of search results, and 404s unknown addresses", async () => {
    const home = await get("/");
    expect(titleOf(home.body)).toBe("Seer — Verified African Spiritual Guides");
    const about = await get("/about");
    expect(about.statusCode).toBe(200);
    expect(titleOf(about.body)).toBe("About · Seer");
    const directory = await get("/seers?country=Ghana");
    expect(titleOf(directory.body)).toBe("Meet Our Seers · Seer");
    expect(directory.body).toContain('<link rel="canonical" href="http://localhost:3000/seers" />');
    const profile = await get("/profile");
    expect(profile.statusCode).toBe(200);
    expect(metaOf(profile.body, "robots")).toBe("noindex");
    for (const url of ["/no-such-page", "/seers/a/b", "/favicon.ico", "/assets/missing.js"]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("lets crawlers in, keeps them out of the API and private pages, and points at the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toContain("Disallow: /api/");
    expect(response.body).toContain("Disallow: /profile");
    expect(response.body).not.toContain("Disallow: /seers");
    expect(response.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("lists live Seers, active products and published articles from the database, and nothing else", async () => {
    const live = await createSeer(t.database.db);
    const rejected = await createSeer(t.database.db, { verificationStatus: "rejected" });
    const product = await createProduct(t.database.db);
    const hidden = await createProduct(t.database.db, { isActive: false });
    const published = await createArticle(t.database.db);
    const draft = await createArticle(t.database.db, { isPublished: false });
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    const body = response.body;
    expect(body).toContain("<loc>http://localhost:3000/</loc>");
    expect(body).toContain("<loc>http://localhost:3000/wisdom</loc>");
    expect(body).toContain(`<loc>http://localhost:3000/seers/${live.id}</loc>`);
    expect(body).toContain(`<loc>http://localhost:3000/shop/${product.slug}</loc>`);
    expect(body).toContain(`<loc>http://localhost:3000/wisdom/${published.slug}</loc>`);
    for (const absent of [rejected.id, hidden.slug, draft.slug, "/profile", "/checkout"]) expect(body).not.toContain(absent);
  });
});
