import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { createI18n } from "../../lib/i18n";
import { listItem, XSS } from "./testData";

const longContent = `${"Breath and water. ".repeat(10)}TAIL-NOT-SHOWN`;

describe("/wisdom", () => {
  it("shows cards with image, category, video icon, title, excerpt or content preview, date and views", async () => {
    const inputs: unknown[] = [];
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.categories": () => ["Ancestral Wisdom", "Divination"],
        "articles.list": (input) => {
          inputs.push(input);
          return [
            listItem({ featuredImageUrl: "https://example.com/libation.jpg", videoUrl: "https://youtu.be/dQw4w9WgXcQ" }),
            listItem({
              id: "a2",
              slug: "reading-cowries",
              title: "Reading Cowries",
              excerpt: null,
              content: longContent,
              category: "Divination",
              viewCount: 1,
            }),
          ];
        },
      }),
    );
    renderApp("/wisdom");
    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];

    expect(within(first).getByRole("link", { name: "Pouring Libation" })).toHaveAttribute("href", "/wisdom/pouring-libation");
    expect(within(first).getByText("Ancestral Wisdom")).toBeInTheDocument();
    expect(within(first).getByRole("img", { name: "Includes a video" })).toBeInTheDocument();
    expect(first.querySelector("img")).toHaveAttribute("src", "https://example.com/libation.jpg");
    expect(within(first).getByText("How remembrance keeps the living and the ancestors close.")).toBeInTheDocument();
    expect(within(first).getByText("March 4, 2026")).toBeInTheDocument();
    expect(within(first).getByText("41 views")).toBeInTheDocument();

    expect(within(second).queryByRole("img", { name: "Includes a video" })).not.toBeInTheDocument();
    const preview = within(second).getByText(/^Breath and water\./);
    expect(preview.textContent).toBe(`${longContent.slice(0, 150).trimEnd()}...`);
    expect(within(second).getByText("1 view")).toBeInTheDocument();
    expect(inputs[0]).toEqual({});
  });

  it("says 'No Articles Found' when nothing matches", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "articles.categories": () => [], "articles.list": () => [] }));
    renderApp("/wisdom");
    expect(await screen.findByRole("heading", { name: "No Articles Found" })).toBeInTheDocument();
  });

  it("sends the search and the category to the server and keeps them in the URL", async () => {
    const inputs: { search?: string; category?: string }[] = [];
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.categories": () => ["Ancestral Wisdom", "Divination"],
        "articles.list": (input) => {
          inputs.push(input ?? {});
          return [];
        },
      }),
    );
    const { router } = renderApp("/wisdom");
    await screen.findByRole("heading", { name: "No Articles Found" });
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Category" }), "Divination");
    await userEvent.type(screen.getByRole("textbox", { name: "Search" }), "cowrie");
    await waitFor(() => expect(router.state.location.search).toEqual({ category: "Divination", q: "cowrie" }));
    await waitFor(() => expect(inputs.at(-1)).toEqual({ category: "Divination", search: "cowrie" }));
  });

  it("shows script and HTML in a title or excerpt as literal text, creating no element", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.categories": () => [],
        "articles.list": () => [listItem({ title: `Title ${XSS}`, excerpt: XSS, category: XSS })],
      }),
    );
    renderApp("/wisdom");
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("link", { name: `Title ${XSS}` })).toBeInTheDocument();
    expect(within(card).getByText(XSS, { selector: "p" })).toBeInTheDocument();
    expect(card.querySelector("script")).toBeNull();
    expect(Array.from(document.querySelectorAll("script")).some((el) => el.textContent?.includes("__xss"))).toBe(false);
    expect(card.querySelector("img")).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe("/fr/wisdom", () => {
  it("reads in French around the articles, which are shown as written (issue #45)", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "articles.categories": () => ["Divination"],
        "articles.list": () => [listItem({ videoUrl: "https://youtu.be/dQw4w9WgXcQ", viewCount: 1 })],
      }),
    );
    renderApp("/fr/wisdom", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "Espace sagesse" })).toBeInTheDocument();
    const search = screen.getByRole("search", { name: "Trouver un article" });
    expect(within(search).getByLabelText("Catégorie")).toHaveDisplayValue("Toutes les catégories");
    expect(screen.getByRole("link", { name: "Écrire un article" })).toHaveAttribute("href", "/fr/articles/new");
    const [card] = await screen.findAllByRole("article");
    expect(within(card as HTMLElement).getByRole("link", { name: "Pouring Libation" })).toHaveAttribute(
      "href",
      "/fr/wisdom/pouring-libation",
    );
    expect(within(card as HTMLElement).getByRole("img", { name: "Contient une vidéo" })).toBeInTheDocument();
    expect(card).toHaveTextContent("1 vue");
    await waitFor(() => expect(document.title).not.toBe(""));
  });

  it("says so in French when nothing is found", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "articles.categories": () => [], "articles.list": () => [] }));
    renderApp("/fr/wisdom", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 2, name: "Aucun article trouvé" })).toBeInTheDocument();
    expect(screen.getByText("Soyez la première personne à partager votre sagesse.")).toBeInTheDocument();
  });
});
