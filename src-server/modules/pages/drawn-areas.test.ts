import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "../../../src/domain/sign-in-refusals";
import { MESSAGES_ID } from "../../../src/i18n/locales";
import { validationEnglish } from "../../../src/i18n/messages/app/validation";
import { messageFinder } from "../../../src/i18n/refusals";
import { signInSchema, signUpSchema } from "../../../src/schemas/auth";
import { createTestApp, type TestApp } from "../../test/app";

// Issue #45: the sign-in page's texts are the app catalog's `signIn` area, and its forms' checks the `validation`
// area's (as every form's), both written into /login's page only (src/i18n/drawn-areas.ts), so its HTML is in its
// language before any script and no other page grows for it.

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Seer — Verified African Spiritual Guides</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), "seer-client-"));
  writeFileSync(path.join(clientDir, "index.html"), template);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The messages the page at `url` carries in its HTML. */
async function messagesOf(url: string): Promise<{ locale: string | undefined; messages: Record<string, unknown>; html: string }> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  const found = new RegExp(`<script type="application/json" id="${MESSAGES_ID}" data-locale="([^"]+)">([\\s\\S]*?)</script>`).exec(
    response.body,
  );
  return { locale: found?.[1], messages: JSON.parse(found?.[2] ?? "{}") as Record<string, unknown>, html: response.body };
}

describe("the messages a page carries", () => {
  it("are, on the French sign-in page, the public catalog and the sign-in area, with its French title", async () => {
    const { locale, messages, html } = await messagesOf("/fr/login?returnTo=%2Fshop");
    expect(locale).toBe("fr");
    expect(messages["signIn.welcome"]).toBe("Bon retour parmi nous");
    expect(messages["nav.logIn"]).toBe("Se connecter");
    expect(Object.keys(messages).some((id) => id.startsWith("booking."))).toBe(false);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/^Se connecter/);
  });

  it("hold, on the French sign-in page, every check its forms and its address can show, in French", async () => {
    const { messages } = await messagesOf("/fr/login");
    const checks = [
      signInSchema.safeParse({ email: "not an address", password: "" }),
      signInSchema.safeParse({ email: `${"a".repeat(320)}@example.com`, password: "p".repeat(201) }),
      signUpSchema.safeParse({ email: "", password: "short", firstName: " ", lastName: "" }),
      signUpSchema.safeParse({
        email: "ama@example.com",
        password: "p".repeat(129),
        firstName: "A".repeat(101),
        lastName: "M".repeat(101),
      }),
    ].flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
    const fromAddress = (["email", "password", "codeFormat"] as const).map((error) => refusalText({ error }));
    const texts = [...new Set([...checks, ...fromAddress])];
    expect(texts.length).toBeGreaterThanOrEqual(11);
    const find = messageFinder(validationEnglish);
    for (const text of texts) {
      const id = find(text)?.id;
      expect(id, text).toBeDefined();
      expect(messages[id ?? ""], text).toEqual(expect.any(String));
      expect(messages[id ?? ""], text).not.toBe(text);
    }
    expect(messages["validation.emailInvalid"]).toBe("Saisissez une adresse e-mail valable");
  });

  it("are, on the English sign-in page, the English ones", async () => {
    const { locale, messages } = await messagesOf("/login");
    expect(locale).toBe("en");
    expect(messages["signIn.welcome"]).toBe("Welcome back");
  });

  it("are the public catalog alone on every other page", async () => {
    for (const url of ["/", "/fr/", "/fr/seers", "/forgot-password"]) {
      const { messages } = await messagesOf(url);
      expect(messages["nav.logIn"]).toBeDefined();
      expect(Object.keys(messages).filter((id) => id.startsWith("signIn.") || id.startsWith("validation."))).toEqual([]);
    }
  });
});
