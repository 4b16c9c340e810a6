import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";

describe("page titles, focus and announcements", () => {
  it("titles each page, and after a navigation moves the focus to the new page's heading and says its title", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/about");
    await screen.findByRole("heading", { level: 1, name: "About Seer" });
    expect(document.title).toBe("About · Seer");
    // The first load says nothing and leaves the focus alone.
    expect(screen.getByTestId("route-announcer")).toHaveTextContent("");

    const nav = screen.getByRole("navigation", { name: "Main" });
    await userEvent.click(within(nav).getByRole("link", { name: "Contact" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Contact Us" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe("Contact · Seer");
    expect(screen.getByTestId("route-announcer")).toHaveTextContent("Contact · Seer");
  });

  it("titles an unknown address as not found", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/no-such-page");
    await screen.findByRole("heading", { level: 1, name: "Page Not Found" });
    expect(document.title).toBe("Page Not Found · Seer");
  });
});
