import { notifications } from "@mantine/notifications";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ArticleInput } from "../../../src/schemas/articles";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { articleData, listItem, signedInUser } from "./testData";

const content = "Water remembers. We pour libation to call the names of those who came before us.";
const signedIn = {
  "account.me": () => signedInUser,
  "cart.list": () => [],
  "articles.categories": () => ["Ancestral Wisdom"],
} as const;

/**
 * Into the rich-text editor as one paste event: jsdom cannot type into a contenteditable, and ProseMirror reads a
 * paste's clipboard (user-event's paste would also insert the text itself, so it lands twice).
 */
async function writeContent(text: string) {
  const editor = await screen.findByRole("textbox", { name: "Content" });
  await userEvent.click(editor);
  fireEvent.paste(editor, {
    clipboardData: { types: ["text/plain"], getData: (type: string) => (type === "text/plain" ? text : "") },
  });
  await waitFor(() => expect(editor).toHaveTextContent(text));
}

describe("/articles/new", () => {
  it("asks a signed-out visitor to log in", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/articles/new");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Login Required")).toBeInTheDocument();
    expect(within(alert).getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login?returnTo=%2Farticles%2Fnew");
  });

  it("shows docs/product.md#validation's messages and sends nothing while the form is invalid", async () => {
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
    renderApp("/articles/new");
    await userEvent.type(await screen.findByRole("textbox", { name: "Title" }), "ab");
    await writeContent("too short");
    await userEvent.type(screen.getByRole("textbox", { name: "Video URL" }), "javascript:alert(1)");
    await userEvent.type(screen.getByRole("textbox", { name: "Featured Image URL" }), "not a url");
    await userEvent.click(screen.getByRole("button", { name: "Save Article" }));
    expect(await screen.findByText("Title must be at least 3 characters")).toBeInTheDocument();
    expect(screen.getByText("Content must be at least 50 characters")).toBeInTheDocument();
    expect(screen.getByText("Category is required")).toBeInTheDocument();
    expect(screen.getByText("Video URL must be a valid URL starting with http:// or https://")).toBeInTheDocument();
    expect(screen.getByText("Image URL must start with https:// or be an image uploaded to this site")).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("sends tags as a trimmed array without empty ones and the publish switch, then opens the published article", async () => {
    const sent: ArticleInput[] = [];
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.create": (input) => {
          sent.push(input);
          return articleData({ slug: "pouring-libation", isPublished: true });
        },
        "articles.bySlug": () => listItem(),
        "articles.recordView": () => ({ viewCount: 42 }),
      }),
    );
    const { router } = renderApp("/articles/new");
    await userEvent.type(await screen.findByRole("textbox", { name: "Title" }), "Pouring Libation");
    await userEvent.type(screen.getByRole("combobox", { name: "Category" }), "Ancestral Wisdom");
    await writeContent(content);
    await userEvent.type(screen.getByRole("combobox", { name: "Tags" }), " water, , names ,");
    await userEvent.type(screen.getByRole("textbox", { name: "Video URL" }), "https://youtu.be/dQw4w9WgXcQ");
    await userEvent.click(screen.getByRole("switch", { name: /Publish this article/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save Article" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/wisdom/pouring-libation"));
    expect(sent).toEqual([
      {
        title: "Pouring Libation",
        category: "Ancestral Wisdom",
        content: `<p>${content}</p>`,
        excerpt: "",
        tags: ["water", "names"],
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
        featuredImageUrl: "",
        isPublished: true,
      },
    ]);
  });

  it("shows the error's message when saving fails, or 'Failed to save article'", async () => {
    let message = "Title must be at least 3 characters";
    server.use(...trpcHandlers({ ...signedIn, "articles.create": () => ({ error: { code: "BAD_REQUEST", message } }) }));
    renderApp("/articles/new");
    await userEvent.type(await screen.findByRole("textbox", { name: "Title" }), "A Draft");
    await userEvent.type(screen.getByRole("combobox", { name: "Category" }), "Ancestral Wisdom");
    await writeContent(content);
    await userEvent.click(screen.getByRole("button", { name: "Save Article" }));
    expect(await screen.findByText("Title must be at least 3 characters")).toBeInTheDocument();

    message = "";
    act(() => notifications.clean());
    await userEvent.click(screen.getByRole("button", { name: "Save Article" }));
    expect(await screen.findByText("Failed to save article")).toBeInTheDocument();
  });
});

describe("/articles/edit/{id}", () => {
  it("loads the article into the form and saves it under its id; a draft goes back to My Articles", async () => {
    const sent: unknown[] = [];
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.forEdit": () => articleData({ id: "a9", tags: ["water", "names"], isPublished: false, publishedAt: null }),
        "articles.update": (input) => {
          sent.push(input);
          return articleData({ id: "a9", isPublished: false });
        },
        "articles.mine": () => [],
      }),
    );
    const { router } = renderApp("/articles/edit/a9");
    const title = await screen.findByRole("textbox", { name: "Title" });
    expect(title).toHaveValue("Pouring Libation");
    // The stored tags come back as pills, each with its remove button.
    const tagsField = screen.getByRole("combobox", { name: "Tags" }).closest(".mantine-TagsInput-root") as HTMLElement;
    expect(within(tagsField).getByText("water")).toBeInTheDocument();
    expect(within(tagsField).getByText("names")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: /Publish this article/ })).not.toBeChecked();
    await userEvent.clear(title);
    await userEvent.type(title, "Pouring Libation Again");
    await userEvent.click(screen.getByRole("button", { name: "Update Article" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/my-articles"));
    expect(sent).toEqual([
      expect.objectContaining({ id: "a9", title: "Pouring Libation Again", tags: ["water", "names"], isPublished: false }),
    ]);
  });

  it("says 'Article Not Found' when the article is missing or not the user's", async () => {
    server.use(
      ...trpcHandlers({
        ...signedIn,
        "articles.forEdit": () => ({ error: { code: "NOT_FOUND", message: "Article Not Found" } }),
      }),
    );
    renderApp("/articles/edit/someone-elses");
    expect(await screen.findByRole("heading", { name: "Article Not Found" })).toBeInTheDocument();
  });
});
