import { describe, expect, it } from "vitest";
import { openPage, signInAs, signUpNew } from "./support";

describe("foundation journey", () => {
  it("a visitor sees the header links and footer claim, signs up, sees their header, and signs out", async () => {
    const page = await openPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Meet Our Seers", "Sacred Market", "About", "Contact"]) {
      await expect.poll(() => nav.getByRole("link", { name: label }).isVisible()).toBe(true);
    }
    await expect.poll(() => page.getByText("10,000+ Consultations Completed | Verified Spiritual Guides").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Log In" }).isVisible()).toBe(true);

    await signUpNew(page, "/about");
    expect(new URL(page.url()).pathname).toBe("/about");
    await expect.poll(() => page.getByRole("link", { name: /^Cart/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Account menu" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("link", { name: "Log In" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Account menu" }).count()).toBe(0);
    expect(page.consoleErrors).toEqual([]);
  });

  it("the demo admin sees the Admin button and the demo Seer the Dashboard button", async () => {
    const admin = await openPage();
    await signInAs(admin, "admin");
    await expect.poll(() => admin.getByRole("link", { name: "Admin", exact: true }).isVisible()).toBe(true);
    expect(await admin.getByRole("link", { name: "Dashboard", exact: true }).count()).toBe(0);

    const seer = await openPage();
    await signInAs(seer, "seer");
    await expect.poll(() => seer.getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(true);
    expect(await seer.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
  });

  it("shows 'Page Not Found' for an unknown path, and the server answers JSON 404 for unknown API paths", async () => {
    const page = await openPage();
    await page.goto("/no/such/page");
    await expect.poll(() => page.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Return Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const api = await page.request.get("/api/no-such-endpoint");
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ error: "Not Found" });
  });
});
