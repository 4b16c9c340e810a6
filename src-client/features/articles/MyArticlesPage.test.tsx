import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { listItem, signedInUser } from "./testData";


const published = listItem({ id: "a1", title: "Pouring Libation", slug: "pouring-libation", viewCount: 41 });
const draft = listItem({
  id: "a2",
  title: "Quiet Draft",
  slug: "quiet-draft",
  isPublished: false,
  publishedAt: null,
  viewCount: 0,
  category: "Divination",
});

describe("/my-articles", () => {
  it("asks a signed-out visitor to log in", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/my-articles");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Login Required")).toBeInTheDocument();
    expect(within(alert).getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login?returnTo=%2Fmy-articles");
  });

  it("lists the author's articles with Published/Draft badge, category, views, and View for published ones only", async () => {
    server.use(
      ...trpcHandlers({ "account.me": () => signedInUser, "cart.list": () => [], "articles.mine": () => [draft, published] }),
    );
    renderApp("/my-articles");
    const rows = await screen.findAllByRole("listitem");
    const [draftRow, publishedRow] = rows as [HTMLElement, HTMLElement];

    expect(within(draftRow).getByText("Draft")).toBeInTheDocument();
    expect(within(draftRow).getByText("Divination")).toBeInTheDocument();
    expect(within(draftRow).getByText("0 views")).toBeInTheDocument();
    expect(within(draftRow).queryByRole("link", { name: "View" })).not.toBeInTheDocument();
    expect(within(draftRow).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/articles/edit/a2");

    expect(within(publishedRow).getByText("Published")).toBeInTheDocument();
    expect(within(publishedRow).getByText("41 views")).toBeInTheDocument();
    expect(within(publishedRow).getByRole("link", { name: "View" })).toHaveAttribute("href", "/wisdom/pouring-libation");
    expect(within(publishedRow).getByRole("button", { name: "Delete" })).toBeInTheDocument();
  });

  it("deletes after the exact confirmation and refreshes the list", async () => {
    let rows = [draft, published];
    const removed: string[] = [];
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => [],
        "articles.mine": () => rows,
        "articles.remove": ({ id }) => {
          removed.push(id);
          rows = rows.filter((r) => r.article.id !== id);
          return { id };
        },
      }),
    );
    renderApp("/my-articles");
    const row = (await screen.findAllByRole("listitem"))[1] as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    // Its close button has a name (it had none: an axe finding of issue #19).
    expect(within(dialog).getByRole("button", { name: "Close dialog" })).toBeInTheDocument();
    expect(
      within(dialog).getByText('Are you sure you want to delete "Pouring Libation"? This action cannot be undone.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(removed).toEqual([]);

    await userEvent.click(within(row).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Pouring Libation")).not.toBeInTheDocument());
    expect(removed).toEqual(["a1"]);
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  it("shows the error's message when a delete fails, or 'Failed to delete article'", async () => {
    let message = "Article Not Found";
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => [],
        "articles.mine": () => [published],
        "articles.remove": () => ({ error: { code: "NOT_FOUND", message } }),
      }),
    );
    renderApp("/my-articles");
    const deleteOnce = async () => {
      await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
      const dialog = await screen.findByRole("dialog");
      await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    };
    await deleteOnce();
    expect(await screen.findByText("Article Not Found")).toBeInTheDocument();

    message = "";
    act(() => notifications.clean());
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete article")).toBeInTheDocument();
  });
});
