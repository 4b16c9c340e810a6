import { describe, expect, it } from "vitest";
import { clientPages, matchPage, pageTitle } from "./pages";

describe("the server's list of client pages", () => {
  it("matches paths to pages, with parameters, and nothing else", () => {
    expect(matchPage("/seers/abc")).toMatchObject({ pattern: "/seers/$id", params: { id: "abc" } });
    expect(matchPage("/seers/")).toMatchObject({ pattern: "/seers" });
    expect(matchPage("/wisdom/%C3%A0-la")).toMatchObject({ params: { slug: "à-la" } });
    expect(matchPage("/wisdom/%E0%A4%A")).toBeNull();
    expect(matchPage("/seers/a/b")).toBeNull();
    expect(matchPage("/nowhere")).toBeNull();
  });

  it("titles pages after the site", () => {
    expect(pageTitle("About")).toBe("About · Seer");
    expect(pageTitle(null)).toBe("Seer — Verified African Spiritual Guides");
  });

  it("draws on the server the pages search engines list, and sign-in (issue #39), nothing else", () => {
    const drawn = Object.entries(clientPages).filter(([, page]) => page.drawn && !page.indexed);
    expect(drawn.map(([pattern]) => pattern)).toEqual(["/login"]);
    expect(Object.values(clientPages).every((page) => page.drawn || !page.indexed)).toBe(true);
  });
});
