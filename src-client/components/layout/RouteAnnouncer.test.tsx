import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";

describe("page titles, focus and announcements", () => {
  it("titles each page, and after a navigation moves the focus to the new page's heading and says its title", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    document.title = "As the server wrote it";
    renderApp("/about");
    await screen.findByRole("heading", { level: 1, name: "About Seer" });
    // The first load keeps the server's title, says nothing and leaves the focus alone: the announcer's code comes
    // with the first navigation (decision 174).
    expect(document.title).toBe("As the server wrote it");
    expect(screen.queryByTestId("route-announcer")).toBeNull();

    const nav = screen.getByRole("navigation", { name: "Main" });
    await userEvent.click(within(nav).getByRole("link", { name: "Contact" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Contact Us" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe("Contact · Seer");
    expect(await screen.findByTestId("route-announcer")).toHaveTextContent("Contact · Seer");
  });

  it("titles an unknown address as not found", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/no-such-page");
    await screen.findByRole("heading", { level: 1, name: "Page Not Found" });
    expect(document.title).toBe("Page Not Found · Seer");
  });
});
