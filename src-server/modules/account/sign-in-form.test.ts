import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "../../../src/domain/sign-in-refusals";
import { createTestApp, enrolTotp, sessionCookie, signUp, totpCode, type TestApp } from "../../test/app";

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
  {
    site = "same-origin",
    ip = "198.51.100.7",
    url = "/login",
    cookie,
    language,
  }: { site?: "same-origin" | "cross-site"; ip?: string; url?: string; cookie?: string; language?: string } = {},
) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": site,
      ...(site === "cross-site" ? { origin: "https://evil.example" } : {}),
      ...(cookie ? { cookie } : {}),
      ...(language ? { "accept-language": language } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

const hasSession = (response: Awaited<ReturnType<typeof post>>) => response.cookies.some((c) => c.name === "seer_session");
const me = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode;

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

  describe("with a second factor (issue #47)", () => {
    /** A person with an authenticator app, and the 30-second step the app's clock is at. */
    const withApp = async () => {
      const person = await signUp(t.app);
      const { secret, recoveryCodes } = await enrolTotp(t.app, person.cookie, person.email);
      return { ...person, secret, recoveryCodes, step: () => Math.floor(t.clock.now().getTime() / 30_000) };
    };

    it("asks for the code on the drawn page, and signs in once the code is sent", async () => {
      const { email, password, secret, step } = await withApp();
      const first = await post({ email, password, returnTo: "/orders" });
      expect(first.statusCode).toBe(303);
      expect(first.headers.location).toBe("/login?returnTo=%2Forders&second=totp");
      const pending = sessionCookie(first);
      expect(await me(pending)).toBe(401);
      const done = await post(
        { code: totpCode(secret, { step: step() + 1 }), returnTo: "/orders", second: "totp" },
        { url: "/login/code", cookie: pending },
      );
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe("/orders");
      expect(await me(sessionCookie(done))).toBe(200);
    });

    it("comes back to the same step with the refusal's code for a wrong or malformed code, and signs nobody in", async () => {
      const { email, password, recoveryCodes } = await withApp();
      const pending = sessionCookie(await post({ email, password, returnTo: "/shop" }));
      const wrong = await post({ code: "000000", returnTo: "/shop", second: "totp" }, { url: "/login/code", cookie: pending });
      expect(wrong.headers.location).toBe("/login?returnTo=%2Fshop&second=totp&error=code");
      expect(refusalText({ error: "code" })).toBe("That code is not right. Try again.");
      const malformed = await post({ code: "12", returnTo: "/shop", second: "totp" }, { url: "/login/code", cookie: pending });
      expect(malformed.headers.location).toBe("/login?returnTo=%2Fshop&second=totp&error=codeFormat");
      expect(await me(pending)).toBe(401);
      // A recovery code answers the drawn step too.
      const recovered = await post(
        { code: recoveryCodes[0] ?? "", returnTo: "/shop", second: "totp" },
        { url: "/login/code", cookie: pending },
      );
      expect(recovered.headers.location).toBe("/shop");
      expect(await me(sessionCookie(recovered))).toBe(200);
    });

    it("sends a code without a password first back to the password, saying the sign-in expired", async () => {
      const response = await post({ code: "123456", returnTo: "/shop", second: "totp" }, { url: "/login/code" });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/login?returnTo=%2Fshop&error=expired");
      expect(refusalText({ error: "expired" })).toBe("Your sign-in has expired. Sign in again.");
      expect(hasSession(response) && (await me(sessionCookie(response))) === 200).toBe(false);
    });

    it("refuses a code posted from another site", async () => {
      const { email, password, secret, step } = await withApp();
      const pending = sessionCookie(await post({ email, password }));
      const response = await post(
        { code: totpCode(secret, { step: step() + 1 }) },
        { url: "/login/code", cookie: pending, site: "cross-site" },
      );
      expect(response.statusCode).toBe(403);
      expect(await me(pending)).toBe(401);
    });
  });
});

describe("signing in without the app's code from the French sign-in page (issue #45)", () => {
  // The drawn form carries its page's language (a hidden `locale`): a refusal and the second step come back to the
  // French sign-in page even for a browser that prefers English, which the English address would send to English.
  const english = { language: "en-US,en;q=0.9" };

  it("comes back to the French sign-in page with a refusal, and to the English one without the field, as before", async () => {
    const { email } = await signUp(t.app);
    const french = await post({ email, password: "not the password", returnTo: "/fr/shop", locale: "fr" }, english);
    expect(french.statusCode).toBe(303);
    expect(french.headers.location).toBe("/fr/login?returnTo=%2Ffr%2Fshop&error=invalid");
    expect(hasSession(french)).toBe(false);
    const unsaid = await post({ email, password: "not the password", returnTo: "/shop" }, english);
    expect(unsaid.headers.location).toBe("/login?returnTo=%2Fshop&error=invalid");
    // Anything but one of our languages is no language.
    const odd = await post({ email, password: "not the password", returnTo: "/shop", locale: "de" }, english);
    expect(odd.headers.location).toBe("/login?returnTo=%2Fshop&error=invalid");
  });

  it("asks for the second step on the French page, and returns where the person came from once signed in", async () => {
    const person = await signUp(t.app);
    const { secret } = await enrolTotp(t.app, person.cookie, person.email);
    const first = await post({ email: person.email, password: person.password, returnTo: "/fr/orders", locale: "fr" }, english);
    expect(first.headers.location).toBe("/fr/login?returnTo=%2Ffr%2Forders&second=totp");
    const pending = sessionCookie(first);
    const wrong = await post(
      { code: "000000", returnTo: "/fr/orders", second: "totp", locale: "fr" },
      { ...english, url: "/login/code", cookie: pending },
    );
    expect(wrong.headers.location).toBe("/fr/login?returnTo=%2Ffr%2Forders&second=totp&error=code");
    const step = Math.floor(t.clock.now().getTime() / 30_000);
    const done = await post(
      { code: totpCode(secret, { step: step + 1 }), returnTo: "/fr/orders", second: "totp", locale: "fr" },
      { ...english, url: "/login/code", cookie: pending },
    );
    expect(done.headers.location).toBe("/fr/orders");
    expect(await me(sessionCookie(done))).toBe(200);
  });

  it("sends an expired second step back to the French password form", async () => {
    const response = await post(
      { code: "123456", returnTo: "/fr/shop", second: "totp", locale: "fr" },
      { ...english, url: "/login/code" },
    );
    expect(response.headers.location).toBe("/fr/login?returnTo=%2Ffr%2Fshop&error=expired");
  });
});
