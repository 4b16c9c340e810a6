import { describe, expect, it } from "vitest";
import { baseUrl, demo, mailedLink, openPage, signIn, signUpNew } from "./support";

describe("accounts people can recover", () => {
  it("resets a forgotten password from the e-mailed link, then signs in with the new one", async () => {
    const page = await openPage();
    const { email, password } = await signUpNew(page);
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    const visitor = await openPage();
    await visitor.goto("/login");
    await visitor.getByRole("link", { name: "Forgot your password?" }).click();
    await visitor.waitForURL((url) => url.pathname === "/forgot-password");
    // The sign-in page has an Email field too: wait until the new page has replaced it.
    await visitor.getByRole("heading", { name: "Reset your password" }).waitFor();
    await visitor.getByRole("textbox", { name: "Email" }).fill(email);
    await visitor.getByRole("button", { name: "Send Reset Link" }).click();
    await visitor.getByText("If an account exists for this address, we sent it a link to reset the password.").waitFor();

    await visitor.goto(await mailedLink(email, "/reset-password"));
    const newPassword = "a fresh river of stars";
    await visitor.getByLabel("New password").fill(newPassword);
    await visitor.getByText(/^Password strength: /).waitFor();
    await visitor.getByRole("button", { name: "Save New Password" }).click();
    await visitor.waitForURL((url) => url.pathname === "/profile");

    const fresh = await openPage();
    await fresh.goto("/login");
    await fresh.getByRole("textbox", { name: "Email" }).fill(email);
    await fresh.getByRole("textbox", { name: "Password" }).fill(password);
    await fresh.getByRole("button", { name: "Sign In" }).click();
    await fresh.getByText("Invalid email or password").waitFor();
    await signIn(fresh, { email, password: newPassword }, "/profile");
    expect(visitor.consoleErrors).toEqual([]);
  });

  it("sends the open-redirect value of the review home, not to another site", async () => {
    const page = await openPage();
    await page.goto("/api/login?returnTo=%2F%09%2Fevil.example");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/");
    await page.getByRole("link", { name: "Continue browsing without signing in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    expect(page.url()).not.toContain("evil.example");

    // Signing in from that value lands on our home page, signed in, never on the other site.
    const signingIn = await openPage();
    await signingIn.goto("/api/login?returnTo=%2F%09%2Fevil.example");
    await signingIn.waitForURL((url) => url.pathname === "/login");
    await signingIn.getByRole("textbox", { name: "Email" }).fill(demo.client.email);
    await signingIn.getByRole("textbox", { name: "Password" }).fill(demo.client.password);
    await signingIn.getByRole("button", { name: "Sign In" }).click();
    await signingIn.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => signingIn.getByRole("button", { name: "Log Out" }).count()).toBeGreaterThan(0);
    expect(new URL(signingIn.url()).origin).toBe(new URL(baseUrl()).origin);
    expect(signingIn.url()).not.toContain("evil.example");

    // Even given straight to the sign-in screen, the value never leaves the site.
    await page.goto(`/login?returnTo=${encodeURIComponent("/\t/evil.example")}`);
    const href = await page.getByRole("link", { name: "Continue browsing without signing in" }).getAttribute("href");
    expect(href).toBe("/");
  });
});
