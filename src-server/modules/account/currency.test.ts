import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeRates } from "../../../db/schema";
import { DEFAULT_RATES } from "../../../src/domain/currencies";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { CURRENCY_COOKIE, type DisplayMoney } from "./currency";

// Issue #41: the header's currency picker, remembered for visitors in a cookie and for signed-in people on their account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const shown = async (cookie?: string) => trpcData<DisplayMoney>(await trpcQuery(t.app, "account.currency", undefined, cookie));
const chosenCookie = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === CURRENCY_COOKIE);
  return cookie ? `${CURRENCY_COOKIE}=${cookie.value}` : undefined;
};

describe("the currency prices show in", () => {
  it("is none for a new visitor, with every local currency's rate", async () => {
    const display = await shown();
    expect(display.currency).toBeNull();
    expect(Object.keys(display.rates).sort()).toEqual(Object.keys(DEFAULT_RATES).sort());
    expect(display.rates.GHS).toBe("14.420000");
  });

  it("follows the rates exchange_rates holds, which charges use too", async () => {
    await t.database.db
      .insert(exchangeRates)
      .values({ fromCurrency: "USD", toCurrency: "KES", rate: "129.250000" })
      .onConflictDoUpdate({ target: [exchangeRates.fromCurrency, exchangeRates.toCurrency], set: { rate: "129.250000" } });
    expect((await shown()).rates.KES).toBe("129.250000");
  });

  it("is remembered for a visitor in a cookie", async () => {
    const response = await trpcMutation(t.app, "account.setCurrency", { currency: "NGN" });
    expect(trpcData<{ currency: string }>(response)).toEqual({ currency: "NGN" });
    const cookie = chosenCookie(response);
    expect(cookie).toBe(`${CURRENCY_COOKIE}=NGN`);
    expect((await shown(cookie)).currency).toBe("NGN");
    // A cookie naming no currency the product takes counts as none.
    expect((await shown(`${CURRENCY_COOKIE}=EUR`)).currency).toBeNull();
  });

  it("is kept on a signed-in person's account, so it follows them to another device", async () => {
    const { email, password, cookie } = await signUp(t.app);
    trpcData(await trpcMutation(t.app, "account.setCurrency", { currency: "XOF" }, cookie));
    const otherDevice = await signIn(t.app, email, password);
    expect((await shown(otherDevice)).currency).toBe("XOF");
    // The account's choice wins over what an older cookie in that browser says.
    expect((await shown(`${otherDevice}; ${CURRENCY_COOKIE}=GHS`)).currency).toBe("XOF");
  });

  it("refuses a currency the product does not take, and changes nothing", async () => {
    const { cookie } = await signUp(t.app);
    trpcData(await trpcMutation(t.app, "account.setCurrency", { currency: "ZAR" }, cookie));
    const refused = await trpcMutation(t.app, "account.setCurrency", { currency: "EUR" }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(trpcError(refused).message).toContain("Choose a currency we take");
    expect(chosenCookie(refused)).toBeUndefined();
    expect((await shown(cookie)).currency).toBe("ZAR");
  });
});

describe("the picker without the app's code", () => {
  const post = (fields: Record<string, string>, site: "same-origin" | "cross-site" = "same-origin") =>
    t.app.inject({
      method: "POST",
      url: "/currency",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": site,
        ...(site === "cross-site" ? { origin: "https://evil.example" } : {}),
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it("remembers the choice and goes back to the page the person was on", async () => {
    const response = await post({ currency: "GHS", returnTo: "/shop?category=beads" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/shop?category=beads");
    expect(chosenCookie(response)).toBe(`${CURRENCY_COOKIE}=GHS`);
  });

  it("only ever goes back to a page of this site", async () => {
    const response = await post({ currency: "KES", returnTo: "https://evil.example/" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
  });

  it("refuses a currency it does not take, and another site's form", async () => {
    const bad = await post({ currency: "EUR", returnTo: "/" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Choose a currency we take");
    expect(chosenCookie(bad)).toBeUndefined();
    const foreign = await post({ currency: "GHS", returnTo: "/" }, "cross-site");
    expect(foreign.statusCode).toBe(403);
    expect(chosenCookie(foreign)).toBeUndefined();
  });
});
