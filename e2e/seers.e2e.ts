import { describe, expect, it } from "vitest";
import { openPage } from "./support";

/** Data arrives over the network: wait as a person would, not expect.poll's default second. */
const WAIT = { timeout: 15_000 };

const cardNames = (page: Awaited<ReturnType<typeof openPage>>) =>
  page.getByTestId("seer-card").getByRole("heading").allTextContents();

describe("Seer directory and profile journey", () => {
  it("a visitor filters the directory, shares the filtered link, and opens a Seer's profile", async () => {
    const page = await openPage();
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Meet Our Seers" }).click();
    await page.waitForURL((url) => url.pathname === "/seers");
    await expect.poll(() => page.getByTestId("seer-card").count(), WAIT).toBeGreaterThan(6);
    expect(await cardNames(page)).toContain("Nana Akosua Boateng");

    await page.getByRole("combobox", { name: "Country" }).selectOption("Nigeria");
    // Only the Nigerian Seers remain (the unfiltered list holds them too, so wait for the others to go).
    await expect
      .poll(() => cardNames(page).then((names) => names.sort()), WAIT)
      .toEqual(["Babaláwo Adéwálé Ifáyemí", "Dibia Chukwuemeka Obi"]);
    expect(new URL(page.url()).searchParams.get("country")).toBe("Nigeria");

    await page.getByRole("textbox", { name: "Search" }).fill("dibia");
    await expect.poll(() => cardNames(page), WAIT).toEqual(["Dibia Chukwuemeka Obi"]);
    await expect.poll(() => new URL(page.url()).searchParams.get("q"), WAIT).toBe("dibia");

    // The filtered list is a link: opening it afresh shows the same Seers with the same filters chosen.
    const shared = await openPage();
    await shared.goto(page.url());
    await expect.poll(() => cardNames(shared), WAIT).toEqual(["Dibia Chukwuemeka Obi"]);
    expect(await shared.getByRole("combobox", { name: "Country" }).inputValue()).toBe("Nigeria");
    expect(await shared.getByRole("textbox", { name: "Search" }).inputValue()).toBe("dibia");

    await page.getByRole("textbox", { name: "Search" }).fill("no seer is called this");
    await expect.poll(() => page.getByText("No Seers found matching your criteria").isVisible(), WAIT).toBe(true);
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect.poll(() => page.getByTestId("seer-card").count(), WAIT).toBeGreaterThan(6);
    expect(new URL(page.url()).search).toBe("");

    await page.getByRole("combobox", { name: "Country" }).selectOption("Ghana");
    await page.getByTestId("seer-card").filter({ hasText: "Nana Akosua Boateng" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/seers/") && url.pathname !== "/seers/");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Nana Akosua Boateng" }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByText("18+ years of practice").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("img", { name: "Rated 4.9 out of 5" }).first().isVisible()).toBe(true);
    const seerId = new URL(page.url()).pathname.split("/").pop();
    const booking = page.getByRole("link", { name: /30 Minutes/ });
    expect(await booking.getAttribute("href")).toBe(`/book/${seerId}?session=30min`);
    await expect.poll(() => page.getByTestId("seer-review").count(), WAIT).toBeGreaterThan(0);
    // Reviewers appear as a first name and a last initial only.
    const reviewer = await page
      .getByTestId("seer-review")
      .first()
      .getByText(/^\S+ \S\.$/)
      .first()
      .textContent();
    expect(reviewer).toMatch(/^\S+ \S\.$/);

    expect(page.consoleErrors).toEqual([]);
    expect(shared.consoleErrors).toEqual([]);
  });

  it("shows 'Seer Not Found' for an unknown Seer, with a way back to the directory", async () => {
    const page = await openPage();
    await page.goto("/seers/no-such-seer");
    await expect.poll(() => page.getByRole("heading", { name: "Seer Not Found" }).isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => page.getByText("The Seer you're looking for doesn't exist or is not available.").isVisible())
      .toBe(true);
    await page.getByRole("link", { name: "Browse Seers" }).click();
    await page.waitForURL((url) => url.pathname === "/seers");
  });
});
