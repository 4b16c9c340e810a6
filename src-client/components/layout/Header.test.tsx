import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";

const user = (role: "client" | "seer" | "admin") => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  role,
  emailVerified: true,
  secondFactor: false,
});
const cartLine = (quantity: number, id: string) => ({
  id,
  productId: `p-${id}`,
  quantity,
  product: { name: `Item ${id}`, price: "10.00", imageUrl: null, slug: `item-${id}`, stockQuantity: 10, isActive: true },
});

describe("global header and footer", () => {
  it("switches to dark colours and back, and keeps the choice in this browser", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/about");
    const clicker = userEvent.setup();
    await clicker.click(await screen.findByRole("button", { name: "Use dark colours" }));
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(window.localStorage.getItem("mantine-color-scheme-value")).toBe("dark");
    await clicker.click(screen.getByRole("button", { name: "Use light colours" }));
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(window.localStorage.getItem("mantine-color-scheme-value")).toBe("light");
    window.localStorage.removeItem("mantine-color-scheme-value");
  });

  it("names no currency in the picker until one is chosen, then the one chosen", async () => {
    const sent: unknown[] = [];
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "account.setCurrency": (input) => {
          sent.push(input);
          return { currency: "GHS" as const };
        },
      }),
    );
    renderApp("/about");
    const picker = await screen.findByRole("combobox", { name: "Currency" });
    await waitFor(() => expect(picker).toHaveValue(""));
    expect(within(picker).getByRole("option", { name: "—" })).toBeDisabled();
    await userEvent.setup().selectOptions(picker, "GHS");
    await waitFor(() => expect(picker).toHaveValue("GHS"));
    expect(within(picker).queryByRole("option", { name: "—" })).toBeNull();
    await waitFor(() => expect(sent).toEqual([{ currency: "GHS" }]));
  });

  it("shows a visitor the five links, the Log In button and the footer claim", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/about");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    for (const [label, href] of [
      ["Meet Our Seers", "/seers"],
      ["Sacred Market", "/shop"],
      ["Wisdom Hub", "/wisdom"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ]) {
      expect(within(nav).getByRole("link", { name: label })).toHaveAttribute("href", href);
    }
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Wisdom Hub" })).toHaveAttribute("href", "/wisdom");
    expect(await screen.findByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login?returnTo=%2Fabout");
    expect(screen.queryByRole("link", { name: /Cart/ })).not.toBeInTheDocument();
    expect(screen.getByText("10,000+ Consultations Completed | Verified Spiritual Guides")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Seer home" })).toHaveAttribute("href", "/");
    const footer = screen.getByRole("contentinfo");
    for (const href of ["/become-seer", "/dashboard", "/terms", "/privacy"]) {
      expect(
        within(footer)
          .getAllByRole("link")
          .some((a) => a.getAttribute("href") === href),
      ).toBe(true);
    }
  });

  it("shows a signed-in client the cart badge (sum of quantities), profile and logout, but no role buttons", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => user("client"),
        "cart.list": () => [cartLine(2, "a"), cartLine(3, "b")],
        "vendors.mine": () => ({ application: null, vendor: null }),
      }),
    );
    renderApp("/about");
    expect(await screen.findByRole("link", { name: "Cart, 5 items" })).toHaveAttribute("href", "/cart");
    expect(screen.getByTestId("cart-count")).toHaveTextContent("5");
    const toggle = screen.getByRole("button", { name: "Account menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = await screen.findByRole("navigation", { name: "Account" });
    await within(menu).findByRole("link", { name: "Become a vendor" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((item) => [item.textContent, item.getAttribute("href")]),
    ).toEqual([
      ["Profile", "/profile"],
      ["My Articles", "/my-articles"],
      ["Write an Article", "/articles/new"],
      ["Become a vendor", "/become-vendor"],
    ]);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("navigation", { name: "Account" })).not.toBeInTheDocument();
    const logOut = screen.getByRole("button", { name: "Log Out" });
    expect(logOut).toHaveAttribute("type", "submit");
    expect(logOut.closest("form")).toHaveAttribute("method", "post");
    expect(logOut.closest("form")).toHaveAttribute("action", "/api/logout");
    expect(screen.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("shows admins the Admin button and Seers the Dashboard button", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => user("admin"),
        "cart.list": () => [],
        "vendors.mine": () => ({
          application: null,
          vendor: { id: "v-1", businessName: "Bonwire Kente Weavers", commissionPercentage: "15.00" },
        }),
      }),
    );
    const admin = renderApp("/about");
    expect(await screen.findByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    await userEvent.click(screen.getByRole("button", { name: "Account menu" }));
    const adminMenu = await screen.findByRole("navigation", { name: "Account" });
    expect(within(adminMenu).getByRole("link", { name: "Admin Console" })).toHaveAttribute("href", "/admin");
    expect(within(adminMenu).queryByRole("link", { name: "Seer Dashboard" })).not.toBeInTheDocument();
    // A vendor (any role may sell) finds their dashboard.
    expect(await within(adminMenu).findByRole("link", { name: "Vendor dashboard" })).toHaveAttribute("href", "/vendor");
    admin.unmount();

    server.use(...trpcHandlers({ "account.me": () => user("seer"), "cart.list": () => [] }));
    renderApp("/about");
    expect(await screen.findByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("opens and closes the mobile menu with its toggle", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/about");
    const toggle = await screen.findByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const mobile = await screen.findByRole("navigation", { name: "Mobile" });
    expect(within(mobile).getAllByRole("link")).toHaveLength(5);
    await userEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

describe("unknown paths", () => {
  it("show 'Page Not Found' with a Return Home link", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  });

  it("says a lost connection is lost, never shows it as a sign-out, and recovers on its own", async () => {
    let up = false;
    server.use(
      ...trpcHandlers({
        "account.me": () => (up ? user("client") : { error: { code: "INTERNAL_SERVER_ERROR", message: "offline" } }),
        "cart.list": () => [],
      }),
    );
    renderApp("/about");
    expect(await screen.findByRole("status")).toHaveTextContent("Connection lost. Trying to reconnect…");
    expect(screen.queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
    up = true;
    expect(await screen.findByRole("button", { name: "Log Out" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText("Connection lost. Trying to reconnect…")).not.toBeInTheDocument();
  }, 15_000);
});
