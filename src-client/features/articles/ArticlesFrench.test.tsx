import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n, setPageI18n, type AppI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { articleData, listItem, signedInUser } from "./testData";

// Issue #45: an author writes and manages their articles in French. The page starts with the public catalog only (as
// the server writes it into the page): the screens' texts come from the app's catalog, which their routes fetch.

const published = listItem({ id: "a1", title: "Verser la libation", slug: "verser-la-libation", viewCount: 1234 });
const draft = listItem({ id: "a2", title: "Brouillon calme", isPublished: false, publishedAt: null, viewCount: 1 });
const signedIn = { "account.me": () => signedInUser, "cart.list": () => [], "articles.categories": () => ["Divination"] };

let page: AppI18n;
/** A French page, as main.tsx starts one: its toasts too (setPageI18n), dates and numbers in French. */
const inFrench = () => {
  page = createI18n("fr", french);
  setPageI18n(page);
  setFormatLocale("fr");
  return page;
};

beforeEach(() => notifications.clean());
afterEach(() => {
  setPageI18n(undefined);
  setFormatLocale("en");
});

// Testing Library reads every space as a plain one: the French no-break spaces match " ".
describe("/fr/my-articles in French", () => {
  it("lists the articles, asks before deleting and says a failure in French", async () => {
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.mine": () => [draft, published],
        "articles.remove": () => ({ error: { code: "INTERNAL_SERVER_ERROR", message: "" } }),
      }),
    );
    renderApp("/fr/my-articles", inFrench());
    expect(await screen.findByRole("heading", { level: 1, name: "Mes articles" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Écrire un nouvel article" })).toHaveAttribute("href", "/fr/articles/new");
    const list = await screen.findByRole("list", { name: "Mes articles" });
    const [draftRow, publishedRow] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(draftRow).getByText("Brouillon")).toBeInTheDocument();
    expect(within(draftRow).getByText("1 vue")).toBeInTheDocument();
    expect(within(publishedRow).getByText("Publié")).toBeInTheDocument();
    expect(within(publishedRow).getByText("1 234 vues")).toBeInTheDocument();
    expect(within(publishedRow).getByRole("link", { name: "Voir" })).toBeInTheDocument();
    expect(within(publishedRow).getByRole("link", { name: "Modifier" })).toBeInTheDocument();

    await userEvent.click(within(publishedRow).getByRole("button", { name: "Supprimer" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer l’article" });
    expect(within(dialog).getByRole("button", { name: "Fermer la fenêtre" })).toBeInTheDocument();
    expect(
      within(dialog).getByText("Voulez-vous vraiment supprimer « Verser la libation » ? Cette action est irréversible."),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Échec de la suppression de l’article")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Fermer la notification" })).toBeInTheDocument();
    act(() => notifications.clean());
  });

  it("says in French that the list could not be loaded", async () => {
    server.use(
      ...trpcHandlers({ ...signedIn, "articles.mine": () => ({ error: { code: "INTERNAL_SERVER_ERROR", message: "x" } }) }),
    );
    renderApp("/fr/my-articles", inFrench());
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Impossible de charger vos articles")).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Réessayer" })).toBeInTheDocument();
  });
});

describe("the article editor in French", () => {
  it("labels the form and the toolbar, and says the form's checks in French", async () => {
    let calls = 0;
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.create": () => {
          calls++;
          return articleData();
        },
      }),
    );
    renderApp("/fr/articles/new", inFrench());
    expect(await screen.findByRole("heading", { level: 1, name: "Écrire un nouvel article" })).toBeInTheDocument();
    // The rich-text editor is a chunk of its own.
    expect(await screen.findByRole("textbox", { name: "Contenu" }, { timeout: 15_000 })).toBeInTheDocument();
    for (const name of ["Gras", "Italique", "Titre 2", "Liste à puces", "Citation", "Lien", "Annuler", "Rétablir"])
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: /Publier cet article/ })).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: "Titre" }), "ab");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer l’article" }));
    expect(await screen.findByText("Le titre doit comporter au moins 3 caractères")).toBeInTheDocument();
    expect(screen.getByText("Le contenu doit comporter au moins 50 caractères")).toBeInTheDocument();
    expect(screen.getByText("La catégorie est obligatoire")).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("says in French that an article cannot be edited", async () => {
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.forEdit": () => ({ error: { code: "NOT_FOUND", message: "Article Not Found" } }),
      }),
    );
    renderApp("/fr/articles/edit/someone-elses", inFrench());
    expect(await screen.findByRole("heading", { name: "Article introuvable" })).toBeInTheDocument();
    expect(screen.getByText("Cet article n’existe pas ou vous ne pouvez pas le modifier.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à Mes articles" })).toHaveAttribute("href", "/fr/my-articles");
  });
});

/**
 * Not the product's words: what the author wrote (titles, category, excerpt, content), the URL fields' examples, a
 * required field's mark.
 */
const NOT_ITS_WORDS =
  /^(Pouring Libation|Quiet Draft|Ancestral Wisdom|How remembrance .*|Water remembers\.|We pour libation .*|https:\/\/.*|\*)$/;

describe("the author's screens in the pseudo-language (issue #45)", () => {
  it("/my-articles draws every text of its own, and its dialog's, from the catalog", async () => {
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.mine": () => [
          listItem({ id: "a2", title: "Quiet Draft", isPublished: false }),
          listItem({ id: "a1", title: "Pouring Libation" }),
        ],
      }),
    );
    renderApp("/my-articles", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦My Articles⟧/ });
    await screen.findAllByRole("listitem");
    expect(bypassing(screen.getByRole("main"), NOT_ITS_WORDS)).toEqual([]);
    await userEvent.click(screen.getAllByRole("button", { name: /⟦Delete⟧/ })[0] as HTMLElement);
    expect(bypassing(await screen.findByRole("dialog"), NOT_ITS_WORDS)).toEqual([]);
  });

  it("/my-articles with no articles yet", async () => {
    server.use(...trpcHandlers({ ...signedIn, "articles.mine": () => [] }));
    renderApp("/my-articles", pseudo);
    await screen.findByText(/⟦No Articles Yet⟧/);
    expect(bypassing(screen.getByRole("main"), NOT_ITS_WORDS)).toEqual([]);
  });

  it("the editor, its toolbar and its checks draw every text from the catalog", async () => {
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.forEdit": () => articleData({ id: "a9", title: "Pouring Libation", category: "Ancestral Wisdom", tags: [] }),
      }),
    );
    renderApp("/articles/edit/a9", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦Edit Article⟧/ });
    await screen.findByRole("button", { name: /⟦Bold⟧/ });
    // An invalid address shows the form's own check, from the catalog too.
    await userEvent.type(screen.getByRole("textbox", { name: /⟦Video URL⟧/ }), "javascript:alert(1)");
    await userEvent.click(screen.getByRole("button", { name: /⟦Update Article⟧/ }));
    await screen.findByText(/⟦Video URL must be a valid URL/);
    await waitFor(() => expect(bypassing(screen.getByRole("main"), NOT_ITS_WORDS)).toEqual([]));
  });
});
