import { describe, expect, it } from "vitest";
import { openPage, signUpNew } from "./support";

describe("Wisdom Hub journey", () => {
  it("a signed-in user writes a draft, publishes it, finds and reads it, then deletes it", async () => {
    const page = await openPage();
    await signUpNew(page, "/articles/new");
    const marker = `sankofa${Date.now().toString(36)}`;
    const title = `Lessons of Sankofa ${marker}`;

    // A draft.
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("combobox", { name: "Category" }).fill("Ancestral Wisdom");
    await page.keyboard.press("Escape");
    // The content in the rich-text editor: a word made bold with the toolbar, a second paragraph.
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type(`Go back and fetch it: ${marker}. `);
    await page.getByRole("button", { name: "Bold", exact: true }).click();
    await page.keyboard.type("Sankofa");
    await page.getByRole("button", { name: "Bold", exact: true }).click();
    await page.keyboard.press("Enter");
    await page.keyboard.type("The bird looks behind while its feet face forward, and so should we.");
    // Tags become pills as they are typed, a comma closing each.
    await page.getByRole("combobox", { name: "Tags" }).pressSequentially("sankofa, , memory,");
    await expect.poll(() => page.locator(".mantine-TagsInput-pill").allTextContents()).toEqual(["sankofa", "memory"]);
    await page.getByRole("button", { name: "Save Article" }).click();
    await page.waitForURL((url) => url.pathname === "/my-articles");
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => row.getByText("Draft").isVisible()).toBe(true);
    expect(await row.getByRole("link", { name: "View" }).count()).toBe(0);

    // Not on /wisdom while it is a draft.
    await page.goto(`/wisdom?q=${marker}`);
    await expect.poll(() => page.getByRole("heading", { name: "No Articles Found" }).isVisible()).toBe(true);

    // Publish it: saving a published article opens it.
    await page.goto("/my-articles");
    await page.getByRole("listitem").filter({ hasText: title }).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/articles/edit/"));
    await expect.poll(() => page.getByRole("textbox", { name: "Title" }).inputValue()).toBe(title);
    await page.getByRole("switch", { name: "Publish this article" }).check();
    await page.getByRole("button", { name: "Update Article" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/wisdom/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(slug).toBe(`lessons-of-sankofa-${marker}`);

    // Found on /wisdom by search; opening it counts one more view.
    await page.goto("/wisdom");
    await page.getByRole("textbox", { name: "Search" }).fill(marker);
    const card = page.getByRole("article").filter({ hasText: title });
    await expect.poll(() => page.getByRole("article").count()).toBe(1);
    const before = Number((await card.getByText(/\d+ views?$/).textContent())?.split(" ")[0]);
    await card.getByRole("link", { name: title }).click();
    await page.waitForURL((url) => url.pathname === `/wisdom/${slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`${before + 1} view${before + 1 === 1 ? "" : "s"}`).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Esi Tester").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("#sankofa").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("#memory").isVisible()).toBe(true);
    // The formatting survived the server's cleaning: two paragraphs, the bold word in <strong>.
    const body = page.getByTestId("article-body");
    await expect.poll(() => body.locator("p").count()).toBe(2);
    expect(await body.locator("strong").allTextContents()).toEqual(["Sankofa"]);

    // Deleted after the confirmation.
    await page.goto("/my-articles");
    await page.getByRole("listitem").filter({ hasText: title }).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`).isVisible())
      .toBe(true);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: title }).count()).toBe(0);
    await page.goto(`/wisdom/${slug}`);
    await expect.poll(() => page.getByRole("heading", { name: "Article Not Found" }).isVisible()).toBe(true);

    expect(page.consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
  });
});
