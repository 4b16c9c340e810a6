import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { createProduct, createSeer } from "../../../db/seed/factories";
import { LOCALE_COOKIE, localeFromAcceptLanguage } from "../../../src/i18n/locales";
import { createTestApp, signUp, type TestApp } from "../../test/app";

// Issue #45: French addresses, Accept-Language, the switcher's choice (cookie and account), French heads and sitemap.

const template = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
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

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "null") as unknown;
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, lang, href]) => `${lang} ${href}`);
const chosen = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === LOCALE_COOKIE)?.value;
const switchTo = (fields: Record<string, string>, cookie = "", site: "same-origin" | "cross-site" = "same-origin") =>
  t.app.inject({
    method: "POST",
    url: "/language",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": site,
      ...(site === "cross-site" ? { origin: "https://evil.example" } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

describe("the visitor's language", () => {
  it("is read from Accept-Language: the first of ours by quality decides", () => {
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("de, fr;q=0.8, en;q=0.5")).toBe("fr");
    expect(localeFromAcceptLanguage("en-GB, fr;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.4, fr;q=0.6")).toBe("fr");
    expect(localeFromAcceptLanguage("de, es")).toBeNull();
    expect(localeFromAcceptLanguage("fr;q=0")).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });

  it("sends a browser preferring French to the page's French address, and leaves others on the English one", async () => {
    const french = await get("/seers?q=ifa", { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" });
    expect(french.statusCode).toBe(302);
    expect(french.headers.location).toBe("/fr/seers?q=ifa");
    expect(String(french.headers.vary)).toContain("accept-language");
    expect((await get("/", { "accept-language": "fr" })).headers.location).toBe("/fr");
    const english = await get("/seers", { "accept-language": "en-US,en;q=0.9,fr;q=0.5" });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en"');
    expect((await get("/seers")).statusCode).toBe(200);
  });

  it("writes French pages in French: lang, title, description, canonical and alternates", async () => {
    const home = await get("/fr");
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<html lang="fr"');
    expect(titleOf(home.body)).toBe("Seer — Guides spirituels africains vérifiés");
    expect(home.body).toContain('<meta property="og:locale" content="fr_FR" />');
    expect(home.body).toContain('<link rel="canonical" href="http://localhost:3000/fr" />');
    const seers = await get("/fr/seers");
    expect(titleOf(seers.body)).toBe("Nos Seers · Seer");
    expect(seers.body).toContain("Parcourez les guides spirituels africains vérifiés");
    expect(alternatesOf(seers.body)).toEqual([
      "en http://localhost:3000/seers",
      "fr http://localhost:3000/fr/seers",
      "x-default http://localhost:3000/seers",
    ]);
    // English is as before, with the same alternates.
    const english = await get("/seers");
    expect(titleOf(english.body)).toBe("Meet Our Seers · Seer");
    expect(alternatesOf(english.body)).toEqual(alternatesOf(seers.body));
    const seer = await createSeer(t.database.db, { fullName: "Mami Adjoa Mensah", tradition: "Vodun" });
    const profile = await get(`/fr/seers/${seer.id}`);
    expect(profile.statusCode).toBe(200);
    expect(titleOf(profile.body)).toBe("Mami Adjoa Mensah, Vodun · Seer");
    expect(profile.body).toContain(`<link rel="canonical" href="http://localhost:3000/fr/seers/${seer.id}" />`);
    const missing = await get("/fr/seers/nobody");
    expect(missing.statusCode).toBe(404);
    expect(titleOf(missing.body)).toBe("Page introuvable · Seer");
  });

  it("previews a Seer, a product and the shop in French, and leaves what people wrote to the English pages", async () => {
    const seer = await createSeer(t.database.db, {
      fullName: "Mami Dossou",
      tradition: "Vodun",
      country: "Benin",
      biography: "A priestess of the coast.",
    });
    const profile = (await get(`/fr/seers/${seer.id}`)).body;
    expect(metaOf(profile, "og:title")).toBe("Mami Dossou, Vodun · Seer");
    const described =
      "Mami Dossou (Vodun, Benin)\u202f: réservez une consultation vidéo de 15, 30 ou 60\u00a0minutes avec ce guide spirituel vérifié sur Seer.";
    expect(metaOf(profile, "description")).toBe(described);
    expect(metaOf(profile, "og:description")).toBe(described);
    expect(metaOf(profile, "twitter:description")).toBe(described);
    expect(jsonLdOf(profile)).toMatchObject({ "@type": "Person", jobTitle: "Guide spirituel" });
    // In English, as before: the biography and the English job title.
    const english = (await get(`/seers/${seer.id}`)).body;
    expect(metaOf(english, "og:description")).toBe("A priestess of the coast.");
    expect(jsonLdOf(english)).toMatchObject({ jobTitle: "Spiritual guide" });

    const product = await createProduct(t.database.db, { name: "Kente Stole", slug: "kente-stole", origin: "Ghana" });
    const page = (await get(`/fr/shop/${product.slug}`)).body;
    expect(titleOf(page)).toBe("Kente Stole · Seer");
    expect(metaOf(page, "og:description")).toBe(
      "Kente Stole (Ghana)\u202f: un objet sacré du Marché sacré de Seer, choisi pour son usage spirituel.",
    );
    for (const [path, title, description] of [
      ["/fr/wisdom", "Espace sagesse · Seer", "Des articles sur les traditions spirituelles africaines"],
      ["/fr/about", "À propos · Seer", "Qui nous sommes et comment Seer vérifie ses guides spirituels."],
      ["/fr/contact", "Contact · Seer", "Écrivez à l’équipe de Seer."],
    ] as const) {
      const html = (await get(path)).body;
      expect(titleOf(html), path).toBe(title);
      expect(metaOf(html, "og:description"), path).toContain(description);
    }
    const shop = (await get("/fr/shop")).body;
    expect(metaOf(shop, "og:title")).toBe("Marché sacré · Seer");
    expect(metaOf(shop, "og:description")).toBe(
      "Des objets sacrés de toute l’Afrique, choisis pour leur usage spirituel\u202f: perles, tissus, sculptures, plantes et plus encore.",
    );
  });

  it("lists each page in both languages in the sitemap, with its alternates", async () => {
    const seer = await createSeer(t.database.db, { fullName: "Baba Kofi", tradition: "Akan" });
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toContain("<loc>http://localhost:3000/fr/shop</loc>");
    expect(sitemap).toContain(`<loc>http://localhost:3000/fr/seers/${seer.id}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="http://localhost:3000/fr/seers/${seer.id}"/>`);
  });
});

describe("the language switcher", () => {
  it("keeps a visitor's choice in a cookie and opens the same page in that language", async () => {
    const toFrench = await switchTo({ locale: "fr", next: "/shop?category=beads" });
    expect(toFrench.statusCode).toBe(303);
    expect(toFrench.headers.location).toBe("/fr/shop?category=beads");
    expect(chosen(toFrench)).toBe("fr");
    // The cookie then sends the visitor to French addresses, whatever the browser says.
    expect((await get("/shop", { cookie: `${LOCALE_COOKIE}=fr`, "accept-language": "en" })).headers.location).toBe("/fr/shop");
    const toEnglish = await switchTo({ locale: "en", next: "/fr/shop" }, `${LOCALE_COOKIE}=fr`);
    expect(toEnglish.headers.location).toBe("/shop");
    expect(chosen(toEnglish)).toBe("en");
    // Chosen English, a French browser stays on English addresses.
    expect((await get("/shop", { cookie: `${LOCALE_COOKIE}=en`, "accept-language": "fr" })).statusCode).toBe(200);
    expect((await switchTo({ locale: "fr", next: "/fr" })).headers.location).toBe("/fr");
  });

  it("stores a signed-in person's choice on their account, for their mails", async () => {
    const { cookie, email } = await signUp(t.app);
    const response = await switchTo({ locale: "fr", next: "/profile" }, cookie);
    expect(response.headers.location).toBe("/fr/profile");
    const [account] = await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
    expect(account?.locale).toBe("fr");
  });

  it("refuses a language we do not have, another site's form, and goes only to this site's pages", async () => {
    const bad = await switchTo({ locale: "de", next: "/" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Choose English or French");
    expect(chosen(bad)).toBeUndefined();
    const foreign = await switchTo({ locale: "fr", next: "/" }, "", "cross-site");
    expect(foreign.statusCode).toBe(403);
    expect(chosen(foreign)).toBeUndefined();
    expect((await switchTo({ locale: "fr", next: "https://evil.example/" })).headers.location).toBe("/fr");
  });
});
