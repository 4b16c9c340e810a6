import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "../../../src/domain/sign-in-refusals";
import { createTestApp, sessionCookie, signUp, type TestApp } from "../../test/app";

// Issue #39: the drawn sign-in page's form, as a browser without the app's code sends it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The form posted as a browser posts it from our own page: Sec-Fetch-Site says where it comes from. */
const post = (
  fields: Record<string, string>,
  { site = "same-origin", ip = "198.51.100.7" }: { site?: "same-origin" | "cross-site"; ip?: string } = {},
) =>
  t.app.inject({
    method: "POST",
    url: "/login",
    remoteAddress: ip,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": site,
      ...(site === "cross-site" ? { origin: "https://evil.example" } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

const hasSession = (response: Awaited<ReturnType<typeof post>>) => response.cookies.some((c) => c.name === "seer_session");
const me = async (cookie: string) => (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode;

describe("signing in without the app's code", () => {
  it("signs in and goes back where the person came from, with the session started", async () => {
    const { email, password } = await signUp(t.app);
    const returnTo = "/cart/add?productId=p-1&quantity=1";
    const response = await post({ email, password, returnTo });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(returnTo);
    expect(await me(sessionCookie(response))).toBe(200);
  });

  it("goes back to the sign-in page with a code for a wrong password, and signs nobody in", async () => {
    const { email } = await signUp(t.app);
    const response = await post({ email, password: "not the password", returnTo: "/shop" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/login?returnTo=%2Fshop&error=invalid");
    expect(hasSession(response)).toBe(false);
    const empty = await post({ email: "", password: "", returnTo: "/shop" });
    expect(empty.headers.location).toBe("/login?returnTo=%2Fshop&error=email");
    const noPassword = await post({ email, password: "", returnTo: "/shop" });
    expect(noPassword.headers.location).toBe("/login?returnTo=%2Fshop&error=password");
  });

  it("says how long to wait once the address is throttled, as the app does", async () => {
    const { email } = await signUp(t.app);
    let location = "";
    for (let i = 0; i < 8 && !location.includes("error=throttled"); i++) {
      location = String((await post({ email, password: `wrong ${i}` }, { ip: "198.51.100.8" })).headers.location);
    }
    const url = new URL(location, "http://x");
    expect(url.searchParams.get("error")).toBe("throttled");
    expect(refusalText({ error: "throttled", wait: Number(url.searchParams.get("wait")) })).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
    );
  });

  it("never returns to another site", async () => {
    const { email, password } = await signUp(t.app);
    const response = await post({ email, password, returnTo: "//evil.example" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
    const refused = await post({ email, password: "wrong", returnTo: "https://evil.example/x" });
    expect(refused.headers.location).toBe("/login?returnTo=%2F&error=invalid");
  });

  it("refuses a form posted from another site", async () => {
    const { email, password } = await signUp(t.app);
    const response = await post({ email, password, returnTo: "/shop" }, { site: "cross-site" });
    expect(response.statusCode).toBe(403);
    expect(hasSession(response)).toBe(false);
  });
});
