import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

// Issue #45: what the server answers over HTTP is in the request's language: a refusal, zod's field messages and a
// REST shim's text; English stays exactly as thrown.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const missingSeer = `/trpc/seers.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: "no-such-seer" } }))}`;
const messageOf = (body: string) => (JSON.parse(body) as { error: { json: { message: string } } }).error.json.message;

describe("an answer's language", () => {
  it("is the page's for the app's requests, then the browser's, and English otherwise", async () => {
    const page = await t.app.inject({
      method: "GET",
      url: missingSeer,
      headers: { "x-seer-locale": "fr", "accept-language": "en" },
    });
    expect(page.statusCode).toBe(404);
    expect(messageOf(page.body)).toBe("Seer introuvable");
    const browser = await t.app.inject({ method: "GET", url: missingSeer, headers: { "accept-language": "fr-FR, fr;q=0.9" } });
    expect(messageOf(browser.body)).toBe("Seer introuvable");
    const chosen = await t.app.inject({
      method: "GET",
      url: missingSeer,
      headers: { "accept-language": "fr", cookie: "locale=en" },
    });
    expect(messageOf(chosen.body)).toBe("Seer Not Found");
  });

  it("gives zod's field messages in French", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signUp",
      headers: { "content-type": "application/json", "x-seer-locale": "fr" },
      payload: JSON.stringify({ json: { email: "nope", password: "short", firstName: "", lastName: "Diallo" } }),
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = (
      JSON.parse(response.body) as { error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } } }
    ).error.json.data.zodError;
    expect(fieldErrors).toMatchObject({
      email: ["Saisissez une adresse e-mail valable"],
      password: ["Le mot de passe doit comporter au moins 8\u00a0caractères"],
      firstName: ["Le prénom est obligatoire"],
    });
  });

  it("is the request's for a REST shim's plain text", async () => {
    const french = await t.app.inject({ method: "GET", url: "/api/seers/no-such-seer", headers: { "accept-language": "fr" } });
    expect(french.statusCode).toBe(404);
    expect(french.body).toBe("Seer introuvable");
    const english = await t.app.inject({ method: "GET", url: "/api/seers/no-such-seer" });
    expect(english.body).toBe("Seer Not Found");
  });
});
