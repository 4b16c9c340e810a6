import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES_ID } from "../../../src/i18n/locales";
import { createTestApp, type TestApp } from "../../test/app";

// Issue #45: the sign-in page's texts are the app catalog's `signIn` area, written into /login's page only
// (src/i18n/drawn-areas.ts), so its HTML is in its language before any script and no other page grows for it.

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

  it("are, on the English sign-in page, the English ones", async () => {
    const { locale, messages } = await messagesOf("/login");
    expect(locale).toBe("en");
    expect(messages["signIn.welcome"]).toBe("Welcome back");
  });

  it("are the public catalog alone on every other page", async () => {
    for (const url of ["/", "/fr/", "/fr/seers", "/forgot-password"]) {
      const { messages } = await messagesOf(url);
      expect(messages["nav.logIn"]).toBeDefined();
      expect(Object.keys(messages).filter((id) => id.startsWith("signIn."))).toEqual([]);
    }
  });
});
