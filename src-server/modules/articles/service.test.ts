import { textSearch } from "../../platform/database";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, createUser } from "../../../db/seed/factories";
import { articles, articleViews } from "../../../db/schema";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import type { Article, ArticleWithAuthor } from "./service";

let t: TestApp;
let author: { cookie: string; id: string };
let other: { cookie: string; id: string };
let admin: { cookie: string; id: string };

/** The superjson-decoded result of a successful tRPC call (dates come back as Date). */

const content = "Water remembers. We pour libation to call the names of those who came before us, slowly.";
const input = (overrides: Record<string, unknown> = {}) => ({
  title: "Pouring Libation",
  content,
  excerpt: "",
  category: "Ancestral Wisdom",
  tags: ["water"],
  videoUrl: "",
  featuredImageUrl: "",
  isPublished: false,
  ...overrides,
});

const create = async (cookie: string, overrides: Record<string, unknown> = {}) =>
  trpcData<Article>(await trpcMutation(t.app, "articles.create", input(overrides), cookie));
const update = (cookie: string, id: string, overrides: Record<string, unknown> = {}) =>
  trpcMutation(t.app, "articles.update", { id, ...input(overrides) }, cookie);
const view = (slug: string, from: { ip: string; userAgent?: string; cookie?: string }) =>
  t.app.inject({
    method: "POST",
    url: "/trpc/articles.recordView",
    remoteAddress: from.ip,
    headers: {
      "content-type": "application/json",
      ...(from.userAgent ? { "user-agent": from.userAgent } : {}),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    payload: JSON.stringify({ json: { slug } }),
  });
const stored = async (id: string) => (await t.database.db.select().from(articles).where(eq(articles.id, id)))[0];
const listPublished = async (query: Record<string, unknown> = {}) =>
  trpcData<ArticleWithAuthor[]>(await trpcQuery(t.app, "articles.list", query));
const titles = (rows: ArticleWithAuthor[]) => rows.map((row) => row.article.title);

async function newUser(role: "client" | "admin", firstName: string) {
  const email = `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await createUser(
    t.database.db,
    { email, role, firstName, lastName: "Tester" },
    { password: "correct horse battery" },
  );
  return { id: user.id, cookie: await signIn(t.app, email, "correct horse battery") };
}

beforeAll(async () => {
  t = await createTestApp();
  author = await newUser("client", "Ama");
  other = await newUser("client", "Kofi");
  admin = await newUser("admin", "Root");
});
afterAll(async () => {
  await t.close();
});

describe("the /wisdom list", () => {
  let writer: string;
  beforeAll(async () => {
    const db = t.database.db;
    writer = (await createUser(db, { firstName: "Nana", lastName: "Asante", email: "nana-private@example.com" })).id;
    const at = (day: number) => new Date(`2026-01-${String(day).padStart(2, "0")}T10:00:00Z`);
    await createArticle(db, {
      authorId: writer,
      title: "Reading the Cowrie Shells",
      content: "Sixteen cowries fall and speak of the road ahead of you.",
      category: "Divination",
      publishedAt: at(3),
    });
    await createArticle(db, {
      authorId: writer,
      title: "Herbs of the Forest",
      content: "Neem, moringa and bitter leaf: a 100% practical guide.",
      category: "Herbal Healing",
      publishedAt: at(2),
    });
    await createArticle(db, {
      authorId: writer,
      title: "Snake_case Rituals",
      content: "An article whose title has an underscore in it, for escaping.",
      category: "Rituals & Ceremonies",
      publishedAt: at(1),
    });
    await createArticle(db, {
      authorId: writer,
      title: "Secret Draft About Cowrie",
      isPublished: false,
      category: "Secret Drafts",
    });
  });

  it("lists published articles only, newest first, each with its author's first and last name only", async () => {
    const rows = await listPublished();
    expect(titles(rows)).toEqual(["Reading the Cowrie Shells", "Herbs of the Forest", "Snake_case Rituals"]);
    expect(rows[0]?.author).toEqual({ firstName: "Nana", lastName: "Asante" });
    expect(JSON.stringify(rows)).not.toContain("nana-private@example.com");
    expect(rows[0]?.article).toMatchObject({ slug: expect.any(String), category: "Divination", isPublished: true, viewCount: 0 });
  });

  it("searches title and content, case-insensitively, never drafts", async () => {
    expect(titles(await listPublished({ search: "cowrie" }))).toEqual(["Reading the Cowrie Shells"]);
    expect(titles(await listPublished({ search: "BITTER LEAF" }))).toEqual(["Herbs of the Forest"]);
    expect(titles(await listPublished({ search: "  " }))).toHaveLength(3);
  });

  it("treats % and _ in the search as literal characters", async () => {
    expect(titles(await listPublished({ search: "100%" }))).toEqual(["Herbs of the Forest"]);
    expect(titles(await listPublished({ search: "e_c" }))).toEqual(["Snake_case Rituals"]);
    expect(await listPublished({ search: "%" })).toHaveLength(1);
  });

  it("filters by category, combined with search", async () => {
    expect(titles(await listPublished({ category: "Herbal Healing" }))).toEqual(["Herbs of the Forest"]);
    expect(await listPublished({ category: "Herbal Healing", search: "cowrie" })).toEqual([]);
    expect(await listPublished({ category: "Secret Drafts" })).toEqual([]);
  });

  it("offers the distinct categories of published articles, sorted, without drafts' categories", async () => {
    const categories = trpcData<string[]>(await trpcQuery(t.app, "articles.categories"));
    expect(categories).toEqual([...categories].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(categories).toEqual(expect.arrayContaining(["Divination", "Herbal Healing", "Rituals & Ceremonies"]));
    expect(new Set(categories).size).toBe(categories.length);
    expect(categories).not.toContain("Secret Drafts");
  });

  it("runs the search on the trigram index expression", async () => {
    // The index matches only this exact expression; a different one would make every search a table scan.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from articles where ${textSearch([articles.title, articles.contentText], "Cowríe").where}`);
    });
    expect(JSON.stringify(plan)).toContain("articles_search_fold_idx");
  });
});

describe("reading one article", () => {
  it("shows a published article to anyone, with its author", async () => {
    const article = await create(author.cookie, { title: "Open to All", isPublished: true });
    const row = trpcData<ArticleWithAuthor>(await trpcQuery(t.app, "articles.bySlug", { slug: article.slug }));
    expect(row.article.id).toBe(article.id);
    expect(row.author).toEqual({ firstName: "Ama", lastName: "Tester" });
  });

  it("shows a draft to its author alone; anyone else gets 'Article Not Found' as for a missing slug", async () => {
    const draft = await create(author.cookie, { title: "Quiet Draft" });
    expect(
      trpcData<ArticleWithAuthor>(await trpcQuery(t.app, "articles.bySlug", { slug: draft.slug }, author.cookie)).article.id,
    ).toBe(draft.id);
    for (const cookie of [undefined, other.cookie, admin.cookie]) {
      const response = await trpcQuery(t.app, "articles.bySlug", { slug: draft.slug }, cookie);
      expect(response.statusCode).toBe(404);
      expect(trpcError(response).message).toBe("Article Not Found");
    }
    const missing = await trpcQuery(t.app, "articles.bySlug", { slug: "no-such-article" });
    expect(missing.statusCode).toBe(404);
    expect(trpcError(missing).message).toBe("Article Not Found");
  });

  it("counts a view only through recordView, one at a time and atomically; reading never counts", async () => {
    const article = await create(author.cookie, { title: "Counted Views", isPublished: true });
    await trpcQuery(t.app, "articles.bySlug", { slug: article.slug });
    await trpcQuery(t.app, "articles.bySlug", { slug: article.slug });
    expect((await stored(article.id))?.viewCount).toBe(0);

    const first = trpcData<{ viewCount: number }>(await trpcMutation(t.app, "articles.recordView", { slug: article.slug }));
    expect(first.viewCount).toBe(1);
    // Eight readers at once, from eight addresses: eight views.
    await Promise.all(Array.from({ length: 8 }, (_, i) => view(article.slug, { ip: `198.51.100.${i + 1}` })));
    expect((await stored(article.id))?.viewCount).toBe(9);
  });

  it("counts one view per visitor per day: reloads do not count, the next day does", async () => {
    const article = await create(author.cookie, { title: "Once A Day", isPublished: true });
    for (let i = 0; i < 3; i++) await view(article.slug, { ip: "203.0.113.5", userAgent: "Phone" });
    // Another browser on the same address is another visitor; a signed-in reader is one visitor on any address.
    await view(article.slug, { ip: "203.0.113.5", userAgent: "Laptop" });
    await view(article.slug, { ip: "203.0.113.6", cookie: other.cookie });
    const last = trpcData<{ viewCount: number }>(await view(article.slug, { ip: "203.0.113.7", cookie: other.cookie }));
    expect(last.viewCount).toBe(3);
    expect((await stored(article.id))?.viewCount).toBe(3);
    t.clock.advance(24 * 60 * 60 * 1000);
    await view(article.slug, { ip: "203.0.113.5", userAgent: "Phone" });
    expect((await stored(article.id))?.viewCount).toBe(4);
    // The daily job forgets who read before yesterday; the count stays.
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    await t.app.jobs.runDue({ periodic: true });
    const [left] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(articleViews).where(eq(articleViews.articleId, article.id));
    expect(left?.n).toBe(0);
    expect((await stored(article.id))?.viewCount).toBe(4);
  });

  it("does not count views of drafts or missing articles", async () => {
    const draft = await create(author.cookie, { title: "Uncounted Draft" });
    const response = await trpcMutation(t.app, "articles.recordView", { slug: draft.slug }, author.cookie);
    expect(response.statusCode).toBe(404);
    expect((await stored(draft.id))?.viewCount).toBe(0);
    expect((await trpcMutation(t.app, "articles.recordView", { slug: "missing" })).statusCode).toBe(404);
  });
});

describe("writing an article", () => {
  it("needs a signed-in user", async () => {
    const response = await trpcMutation(t.app, "articles.create", input());
    expect(response.statusCode).toBe(401);
  });

  it("refuses a featured image that is a path of this site's API, such as the sign-out (review finding 4)", async () => {
    const published = await create(author.cookie, { title: "Images Of Ours", isPublished: true });
    for (const featuredImageUrl of ["/api/logout", "/api/logout?next=/", "/api/auth/user", "http://example.com/a.png", "//evil.example/a.png"]) {
      const created = await trpcMutation(t.app, "articles.create", input({ title: "Sign Them Out", featuredImageUrl, isPublished: true }), author.cookie);
      expect(created.statusCode).toBe(400);
      expect(trpcError(created).message).toContain("Image URL must start with https:// or be an image uploaded to this site");
      const updated = await update(author.cookie, published.id, { title: "Images Of Ours", featuredImageUrl, isPublished: true });
      expect(updated.statusCode).toBe(400);
    }
    expect((await stored(published.id))?.featuredImageUrl).toBeNull();
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(articles).where(eq(articles.title, "Sign Them Out"));
    expect(count?.n).toBe(0);
    // And the sign-out itself does not answer a GET, so an image could not sign a reader out anyway.
    const viaGet = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie: author.cookie } });
    expect(viaGet.statusCode).not.toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: author.cookie } })).statusCode).toBe(200);
  });

  it("takes the author from the session, never from the body", async () => {
    const article = await create(author.cookie, { title: "Whose Article", authorId: other.id });
    expect(article.authorId).toBe(author.id);
    expect((await stored(article.id))?.authorId).toBe(author.id);
  });

  it("makes the slug from the title, with -2, -3 on a clash", async () => {
    const a = await create(author.cookie, { title: "Ọ̀ṣun & the River" });
    const b = await create(other.cookie, { title: "Osun & the river!" });
    const c = await create(author.cookie, { title: "Ọ̀ṣun & the River" });
    expect([a.slug, b.slug, c.slug]).toEqual(["osun-the-river", "osun-the-river-2", "osun-the-river-3"]);
  });

  it("keeps slugs unique when writers of the same title race", async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        trpcMutation(t.app, "articles.create", input({ title: "Race For The Slug" }), author.cookie),
      ),
    );
    const slugs = responses.map((r) => trpcData<Article>(r).slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs.sort()).toEqual([
      "race-for-the-slug",
      "race-for-the-slug-2",
      "race-for-the-slug-3",
      "race-for-the-slug-4",
      "race-for-the-slug-5",
      "race-for-the-slug-6",
    ]);
  });

  it("keeps the slug within 255 characters, suffix included", async () => {
    const title = "Long ".repeat(51).trim();
    const first = await create(author.cookie, { title });
    const second = await create(author.cookie, { title });
    expect(first.slug.length).toBeLessThanOrEqual(255);
    expect(second.slug.length).toBeLessThanOrEqual(255);
    expect(second.slug.endsWith("-2")).toBe(true);
  });

  it("sets publishedAt when published at creation, not for a draft", async () => {
    const published = await create(author.cookie, { title: "Published Now", isPublished: true });
    expect(published.publishedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const draft = await create(author.cookie, { title: "Draft Now" });
    expect(draft.publishedAt).toBeNull();
    expect(draft.isPublished).toBe(false);
  });

  it("answers docs/product.md#validation's messages for invalid input and creates nothing", async () => {
    const before = (await t.database.db.select({ id: articles.id }).from(articles)).length;
    const response = await trpcMutation(
      t.app,
      "articles.create",
      input({ title: "ab", content: "short", category: "" }),
      author.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data.zodError?.fieldErrors).toEqual({
      title: ["Title must be at least 3 characters"],
      content: ["Content must be at least 50 characters"],
      category: ["Category is required"],
    });
    expect((await t.database.db.select({ id: articles.id }).from(articles)).length).toBe(before);
  });

  it("refuses javascript: and data: URLs for the video and the image with a clear message", async () => {
    const response = await trpcMutation(
      t.app,
      "articles.create",
      input({ videoUrl: "javascript:alert(1)", featuredImageUrl: "data:image/svg+xml,<svg onload=alert(1)>" }),
      author.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data.zodError?.fieldErrors).toEqual({
      videoUrl: ["Video URL must be a valid URL starting with http:// or https://"],
      featuredImageUrl: ["Image URL must start with https:// or be an image uploaded to this site"],
    });
  });

  it("keeps title, excerpt and tags as plain text, unchanged, and sanitises the content's HTML", async () => {
    const payload = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const article = await create(author.cookie, {
      title: `Title ${payload}`,
      content: `${payload}<p>${content}</p>`,
      excerpt: payload,
      tags: ["<img src=x onerror=alert(1)>", "ok"],
      videoUrl: 'https://example.com/"><script>alert(1)</script>',
      featuredImageUrl: "https://example.com/a.png?<img onerror=alert(1)>",
      isPublished: true,
    });
    const row = await stored(article.id);
    expect(row).toMatchObject({ title: `Title ${payload}`, excerpt: payload, tags: ["<img src=x onerror=alert(1)>", "ok"] });
    expect(row?.content).toBe(`<p>${content}</p>`);
    expect(article.content).toBe(`<p>${content}</p>`);
    expect(article.slug).toBe("title-script-alert-x-script-img-src-x-onerror-alert-1");
  });

  it("stores the editor's marks and links, and nothing else of the HTML", async () => {
    const html =
      `<h1 style="color:red">Libation</h1><p class="x" onclick="steal()"><b>Water</b> and <i>names</i>, <u>slowly</u> <s>quickly</s>.</p>` +
      `<ul><li><p>${content}</p></li></ul><blockquote><p>Quoted &amp; kept &lt;here&gt;</p></blockquote>` +
      `<p><a href="javascript:alert(1)">bad link</a> <a href="https://example.com/a?b=1" target="_self" onmouseover="x()">good link</a></p>` +
      `<iframe src="https://evil.example"></iframe><svg onload="alert(1)"><script>alert(1)</script></svg><style>p{}</style>`;
    const article = await create(author.cookie, { content: html });
    expect((await stored(article.id))?.content).toBe(
      "<h2>Libation</h2><p><strong>Water</strong> and <em>names</em>, <u>slowly</u> <s>quickly</s>.</p>" +
        `<ul><li><p>${content}</p></li></ul><blockquote><p>Quoted &amp; kept &lt;here&gt;</p></blockquote>` +
        '<p><a>bad link</a> <a href="https://example.com/a?b=1" rel="nofollow ugc noopener noreferrer" target="_blank">good link</a></p>',
    );
  });

  it("counts the text a reader sees: content that sanitising leaves under 50 characters is refused and nothing is stored", async () => {
    const before = await t.database.db.select({ id: articles.id }).from(articles);
    const response = await trpcMutation(
      t.app,
      "articles.create",
      input({ content: `<script>${"alert(1);".repeat(20)}</script><p>Short.</p>` }),
      author.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).message).toBe("Content must be at least 50 characters");
    const markupOnly = await trpcMutation(t.app, "articles.create", input({ content: `<p>${"<b></b>".repeat(20)}</p>` }), author.cookie);
    expect(markupOnly.statusCode).toBe(400);
    expect(await t.database.db.select({ id: articles.id }).from(articles)).toHaveLength(before.length);
  });

  it("sanitises again on the way out: a row written around the editor reaches no reader as it is", async () => {
    const raw = `<p>${content}</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(2)">x</a>`;
    const article = await createArticle(t.database.db, { authorId: author.id, content: raw, isPublished: true });
    const clean = `<p>${content}</p><a>x</a>`;
    const read = trpcData<ArticleWithAuthor>(await trpcQuery(t.app, "articles.bySlug", { slug: article.slug }));
    expect(read.article.content).toBe(clean);
    const listed = trpcData<ArticleWithAuthor[]>(await trpcQuery(t.app, "articles.mine", undefined, author.cookie));
    expect(listed.find((row) => row.article.id === article.id)?.article.content).toBe(clean);
    expect(trpcData<Article>(await trpcQuery(t.app, "articles.forEdit", { id: article.id }, author.cookie)).content).toBe(clean);
    expect((await stored(article.id))?.content).toBe(raw);
  });

  it("searches the text, never the markup", async () => {
    const article = await createArticle(t.database.db, { authorId: author.id,
      title: "Markup Probe",
      content: `<p><strong>Kolanut</strong> &amp; palm wine &lt;shared&gt; at dusk with the elders of the village.</p>`,
      isPublished: true,
    });
    expect((await stored(article.id))?.contentText).toBe("Kolanut & palm wine <shared> at dusk with the elders of the village.");
    expect(titles(await listPublished({ search: "kolanut & palm" }))).toContain("Markup Probe");
    expect(titles(await listPublished({ search: "<shared>" }))).toContain("Markup Probe");
    expect(titles(await listPublished({ search: "strong" }))).not.toContain("Markup Probe");
    expect(titles(await listPublished({ search: "amp" }))).not.toContain("Markup Probe");
  });

  it("trims tags and drops empty ones", async () => {
    const article = await create(author.cookie, { title: "Tagged", tags: [" water ", "", " ", "names"] });
    expect(article.tags).toEqual(["water", "names"]);
  });
});

describe("editing, loading for edit and deleting", () => {
  it("lets the author load an article (draft or not) for editing; anyone else gets 'Article Not Found'", async () => {
    const draft = await create(author.cookie, { title: "Editable Draft" });
    expect(trpcData<Article>(await trpcQuery(t.app, "articles.forEdit", { id: draft.id }, author.cookie)).id).toBe(draft.id);
    expect(trpcData<Article>(await trpcQuery(t.app, "articles.forEdit", { id: draft.id }, admin.cookie)).id).toBe(draft.id);
    const stranger = await trpcQuery(t.app, "articles.forEdit", { id: draft.id }, other.cookie);
    const missing = await trpcQuery(t.app, "articles.forEdit", { id: "no-such-id" }, other.cookie);
    expect([stranger.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(trpcError(stranger).message).toBe("Article Not Found");
    expect(trpcError(stranger).message).toBe(trpcError(missing).message);
    expect((await trpcQuery(t.app, "articles.forEdit", { id: draft.id })).statusCode).toBe(401);
  });

  it("refuses an update by anyone but the author or an admin, as for a missing article, and changes nothing", async () => {
    const article = await create(author.cookie, { title: "Not Yours" });
    const response = await update(other.cookie, article.id, { title: "Hijacked", isPublished: true });
    expect(response.statusCode).toBe(404);
    expect(trpcError(response).message).toBe("Article Not Found");
    expect(await stored(article.id)).toMatchObject({ title: "Not Yours", isPublished: false, authorId: author.id });
  });

  it("lets an admin update, keeping the author", async () => {
    const article = await create(author.cookie, { title: "Moderated" });
    const updated = trpcData<Article>(await update(admin.cookie, article.id, { title: "Moderated Title" }));
    expect(updated).toMatchObject({ title: "Moderated Title", authorId: author.id });
  });

  it("lets a draft's slug follow its title, and keeps a published article's slug", async () => {
    const draft = await create(author.cookie, { title: "First Working Title" });
    const renamed = trpcData<Article>(await update(author.cookie, draft.id, { title: "Second Working Title" }));
    expect(renamed.slug).toBe("second-working-title");

    const published = trpcData<Article>(await update(author.cookie, draft.id, { title: "Second Working Title", isPublished: true }));
    expect(published.slug).toBe("second-working-title");
    const retitled = trpcData<Article>(await update(author.cookie, draft.id, { title: "A Brand New Title", isPublished: true }));
    expect(retitled.slug).toBe("second-working-title");
    const unpublished = trpcData<Article>(await update(author.cookie, draft.id, { title: "Yet Another Title", isPublished: false }));
    expect(unpublished.slug).toBe("second-working-title");
  });

  it("does not take another article's slug when a draft is renamed", async () => {
    await create(other.cookie, { title: "Taken Title" });
    const draft = await create(author.cookie, { title: "Free Title" });
    expect(trpcData<Article>(await update(author.cookie, draft.id, { title: "Taken Title" })).slug).toBe("taken-title-2");
  });

  it("sets publishedAt at the first publish only", async () => {
    const draft = await create(author.cookie, { title: "Publish Once" });
    const firstPublish = t.clock.now();
    const published = trpcData<Article>(await update(author.cookie, draft.id, { title: "Publish Once", isPublished: true }));
    expect(published.publishedAt?.toISOString()).toBe(firstPublish.toISOString());

    t.clock.advance(86_400_000);
    await update(author.cookie, draft.id, { title: "Publish Once", isPublished: false });
    const again = trpcData<Article>(await update(author.cookie, draft.id, { title: "Publish Once", isPublished: true }));
    expect(again.publishedAt?.toISOString()).toBe(firstPublish.toISOString());
  });

  it("deletes only for the author or an admin; anyone else gets 'Article Not Found'", async () => {
    const mineToDelete = await create(author.cookie, { title: "Delete Me" });
    const refused = await trpcMutation(t.app, "articles.remove", { id: mineToDelete.id }, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(trpcError(refused).message).toBe("Article Not Found");
    expect(await stored(mineToDelete.id)).toBeDefined();

    expect(trpcData<{ id: string }>(await trpcMutation(t.app, "articles.remove", { id: mineToDelete.id }, author.cookie))).toEqual({
      id: mineToDelete.id,
    });
    expect(await stored(mineToDelete.id)).toBeUndefined();
    expect((await trpcMutation(t.app, "articles.remove", { id: mineToDelete.id }, author.cookie)).statusCode).toBe(404);

    const moderated = await create(author.cookie, { title: "Admin Deletes" });
    expect((await trpcMutation(t.app, "articles.remove", { id: moderated.id }, admin.cookie)).statusCode).toBe(200);
    expect(await stored(moderated.id)).toBeUndefined();
  });
});

describe("my articles", () => {
  it("lists the signed-in author's own articles, drafts included, last edited first", async () => {
    const writer = await signUp(t.app, { firstName: "Esi", lastName: "Owusu" });
    const older = trpcData<Article>(
      await trpcMutation(t.app, "articles.create", input({ title: "Older One", isPublished: true }), writer.cookie),
    );
    t.clock.advance(60_000);
    await trpcMutation(t.app, "articles.create", input({ title: "Newer Draft" }), writer.cookie);
    await create(other.cookie, { title: "Someone Else's" });

    const rows = trpcData<ArticleWithAuthor[]>(await trpcQuery(t.app, "articles.mine", undefined, writer.cookie));
    expect(titles(rows)).toEqual(["Newer Draft", "Older One"]);
    expect(rows.map((r) => r.article.isPublished)).toEqual([false, true]);
    expect(rows[1]?.article.id).toBe(older.id);
    expect(rows[0]?.author).toEqual({ firstName: "Esi", lastName: "Owusu" });
  });

  it("needs a signed-in user", async () => {
    expect((await trpcQuery(t.app, "articles.mine")).statusCode).toBe(401);
  });
});

describe("REST shims (docs/product.md#api)", () => {
  let published: Article;
  let draft: Article;
  beforeAll(async () => {
    published = await create(author.cookie, {
      title: "Rest Published",
      category: "Rest Category",
      isPublished: true,
      content: `Zebra crossing. ${content}`,
    });
    draft = await create(author.cookie, { title: "Rest Draft" });
  });
  const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const send = (method: "POST" | "PATCH" | "DELETE", url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...(payload === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });

  it("GET /api/articles lists published articles, with category and search", async () => {
    const all = await get("/api/articles");
    expect(all.statusCode).toBe(200);
    const rows = all.json() as { article: { title: string }; author: { firstName: string; lastName: string } }[];
    expect(rows.map((r) => r.article.title)).toContain("Rest Published");
    expect(rows.map((r) => r.article.title)).not.toContain("Rest Draft");
    const filtered = (await get("/api/articles?category=Rest%20Category&search=zebra")).json() as typeof rows;
    expect(filtered.map((r) => r.article.title)).toEqual(["Rest Published"]);
    expect(filtered[0]?.author).toEqual({ firstName: "Ama", lastName: "Tester" });
  });

  it("GET /api/article-categories answers a list of strings", async () => {
    const response = await get("/api/article-categories");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.arrayContaining(["Rest Category"]));
  });

  it("GET /api/articles/:slug and /api/articles/edit/:id do not get in each other's way", async () => {
    const bySlug = await get(`/api/articles/${published.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect((bySlug.json() as { article: { id: string } }).article.id).toBe(published.id);

    const forEdit = await get(`/api/articles/edit/${draft.id}`, author.cookie);
    expect(forEdit.statusCode).toBe(200);
    expect((forEdit.json() as { id: string }).id).toBe(draft.id);

    const stranger = await get(`/api/articles/edit/${draft.id}`, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers["content-type"]).toContain("text/plain");
    expect(stranger.body).toBe("Article Not Found");

    const hiddenDraft = await get(`/api/articles/${draft.slug}`);
    expect(hiddenDraft.statusCode).toBe(404);
    expect(hiddenDraft.body).toBe("Article Not Found");
  });

  it("GET /api/my-articles needs sign-in and lists the author's articles", async () => {
    expect((await get("/api/my-articles")).statusCode).toBe(401);
    const rows = (await get("/api/my-articles", author.cookie)).json() as { article: { id: string } }[];
    expect(rows.map((r) => r.article.id)).toEqual(expect.arrayContaining([published.id, draft.id]));
  });

  it("POST, PATCH and DELETE /api/articles write through the same rules", async () => {
    const created = await send("POST", "/api/articles", input({ title: "Rest Created", authorId: other.id }), author.cookie);
    expect(created.statusCode).toBe(200);
    const article = created.json() as { id: string; slug: string; authorId: string };
    expect(article).toMatchObject({ slug: "rest-created", authorId: author.id });

    const invalid = await send("POST", "/api/articles", input({ title: "ab" }), author.cookie);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain("Title must be at least 3 characters");

    const refused = await send("PATCH", `/api/articles/${article.id}`, input({ title: "Stolen" }), other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe("Article Not Found");

    const patched = await send(
      "PATCH",
      `/api/articles/${article.id}`,
      input({ title: "Rest Created Again", isPublished: true }),
      author.cookie,
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: "Rest Created Again", isPublished: true });

    expect((await send("DELETE", `/api/articles/${article.id}`, undefined, other.cookie)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/articles/${article.id}`, undefined, author.cookie)).statusCode).toBe(200);
    expect((await get(`/api/articles/edit/${article.id}`, author.cookie)).statusCode).toBe(404);
  });
});
