import { StrictMode } from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { englishI18n } from "../../lib/english";
import { AppProviders } from "../../providers";
import { createAppRouter } from "../../router";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { createQueryClient, createTrpcClient, createTrpcUtils } from "../../trpc";
import { listItem, XSS } from "./testData";

/** The app as main.tsx renders it, in StrictMode, where effects run twice. */
function renderStrict(url: string, cached?: ReturnType<typeof listItem>) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient(TEST_ORIGIN);
  const utils = createTrpcUtils(queryClient, trpcClient);
  // An article already in the cache (a page seen before) is published at the very first effect run.
  if (cached) utils.articles.bySlug.setData({ slug: cached.article.slug }, cached);
  const router = createAppRouter(
    { queryClient, trpc: utils, i18n: englishI18n },
    { history: createMemoryHistory({ initialEntries: [url] }) },
  );
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { queryClient };
}

describe("/wisdom/{slug}", () => {
  it("shows category, tags, title, author, date, views, image, the embedded video and the content's paragraphs", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () =>
          listItem({
            featuredImageUrl: "https://example.com/libation.jpg",
            videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          }),
        "articles.recordView": () => ({ viewCount: 42 }),
      }),
    );
    renderApp("/wisdom/pouring-libation");
    const article = await screen.findByRole("article");
    expect(within(article).getByRole("heading", { level: 1, name: "Pouring Libation" })).toBeInTheDocument();
    expect(within(article).getByText("Ancestral Wisdom")).toBeInTheDocument();
    expect(within(article).getByText("#ancestors")).toBeInTheDocument();
    expect(within(article).getByText("#water")).toBeInTheDocument();
    expect(within(article).getByText("Ama Mensah")).toBeInTheDocument();
    expect(within(article).getByText("March 4, 2026")).toBeInTheDocument();
    expect(within(article).getByRole("img", { name: "Pouring Libation" })).toHaveAttribute(
      "src",
      "https://example.com/libation.jpg",
    );
    const video = within(article).getByTitle("Video: Pouring Libation");
    expect(video.tagName).toBe("IFRAME");
    expect(video).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");

    const body = within(article).getByTestId("article-body");
    expect([...body.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Water remembers.",
      "We pour libation to call the names of those who came before us.",
    ]);
    // The view recorded for this page view replaces the count read with the article.
    expect(await within(article).findByText("42 views")).toBeInTheDocument();
  });

  it("shows 'Anonymous' for an author without a name and a non-YouTube/Vimeo video as a plain link", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () => listItem({ videoUrl: "https://example.com/my-video.mp4" }, { firstName: null, lastName: null }),
        "articles.recordView": () => ({ viewCount: 42 }),
      }),
    );
    renderApp("/wisdom/pouring-libation");
    const article = await screen.findByRole("article");
    expect(within(article).getByText("Anonymous")).toBeInTheDocument();
    expect(within(article).getByRole("link", { name: "Watch the video" })).toHaveAttribute(
      "href",
      "https://example.com/my-video.mp4",
    );
    expect(article.querySelector("iframe")).toBeNull();
  });

  it("says 'Article Not Found' for a missing or hidden article, and records no view", async () => {
    let views = 0;
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () => ({ error: { code: "NOT_FOUND", message: "Article Not Found" } }),
        "articles.recordView": () => {
          views++;
          return { viewCount: 1 };
        },
      }),
    );
    renderApp("/wisdom/nothing-here");
    expect(await screen.findByRole("heading", { name: "Article Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Wisdom Hub" })).toHaveAttribute("href", "/wisdom");
    expect(views).toBe(0);
  });

  it("records one view per page view, even in StrictMode and across refetches", async () => {
    let views = 0;
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () => listItem({ viewCount: 41 + views }),
        "articles.recordView": () => ({ viewCount: 41 + ++views }),
      }),
    );
    const { queryClient } = renderStrict("/wisdom/pouring-libation", listItem({ viewCount: 41 }));
    expect(await screen.findByText("42 views")).toBeInTheDocument();
    await queryClient.refetchQueries();
    await screen.findByText("42 views");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(views).toBe(1);
  });

  it("does not record a view when the author previews a draft", async () => {
    let views = 0;
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () => listItem({ isPublished: false, publishedAt: null }),
        "articles.recordView": () => ({ viewCount: ++views }),
      }),
    );
    renderApp("/wisdom/pouring-libation");
    expect(await screen.findByText("Draft")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(views).toBe(0);
  });

  it("renders the content's (server-sanitised) marks and links, and script and HTML in title, tags and URLs as literal text", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () =>
          listItem({
            title: `Title ${XSS}`,
            content: '<h2>Water</h2><p>Second line <strong>bold</strong> and <a href="https://example.com/">a link</a></p>',
            tags: [XSS],
            category: XSS,
            videoUrl: 'https://example.com/"><script>window.__xss=3</script>',
          }),
        "articles.recordView": () => ({ viewCount: 42 }),
      }),
    );
    renderApp("/wisdom/pouring-libation");
    const article = await screen.findByRole("article");
    expect(within(article).getByRole("heading", { level: 1 })).toHaveTextContent(`Title ${XSS}`);
    expect(within(article).getByText(`#${XSS}`)).toBeInTheDocument();
    expect(within(article).getByText(XSS)).toBeInTheDocument();
    const body = within(article).getByTestId("article-body");
    expect(within(body).getByRole("heading", { level: 2, name: "Water" })).toBeInTheDocument();
    expect(body.querySelector("strong")).toHaveTextContent("bold");
    expect(within(body).getByRole("link", { name: "a link" })).toHaveAttribute("href", "https://example.com/");
    expect(article.querySelector("script")).toBeNull();
    expect(article.querySelectorAll("img")).toHaveLength(0);
    await waitFor(() => expect((window as { __xss?: number }).__xss).toBeUndefined());
  });
});

describe("/fr/wisdom/{slug}", () => {
  it("reads in French around the article, which is shown as written (issue #45)", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () => listItem({ viewCount: 1234 }, { firstName: null, lastName: null }),
        "articles.recordView": () => ({ viewCount: 1235 }),
      }),
    );
    setFormatLocale("fr");
    try {
      renderApp("/fr/wisdom/pouring-libation", createI18n("fr", french));
      const article = await screen.findByRole("article");
      expect(within(article).getByRole("heading", { level: 1, name: "Pouring Libation" })).toBeInTheDocument();
      expect(within(article).getByRole("link", { name: "Retour à l’Espace sagesse" })).toHaveAttribute("href", "/fr/wisdom");
      expect(within(article).getByText("Anonyme")).toBeInTheDocument();
      expect(within(article).getByText("4 mars 2026")).toBeInTheDocument();
      expect(within(article).getByLabelText("Mots-clés")).toBeInTheDocument();
      expect(within(article).getByText("Water remembers.")).toBeInTheDocument();
      await waitFor(() => expect(within(article).getByTestId("article-views")).toHaveTextContent(/^1\s235 vues$/));
    } finally {
      setFormatLocale("en");
    }
  });

  it("says a missing article is not found, in French", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.bySlug": () => ({ error: { code: "NOT_FOUND", message: "Article Not Found" } }),
      }),
    );
    renderApp("/fr/wisdom/nothing", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "Article introuvable" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Article introuvable · Seer"));
  });
});
