import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { orders, sessions, users } from "../db/schema";
import { createProduct, createUser } from "../db/seed/factories";
import { startApp, type RunningApp } from "../scripts/lib/serve";
import { nextTotpCode, openPage, signIn } from "./support";

const WAIT = { timeout: 30_000 };

/** Chromium's virtual authenticator on this page (CDP), as a phone's or laptop's built-in one with a fingerprint. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Log Out" }).first().click();
  await expect.poll(() => page.getByRole("button", { name: "Log Out" }).count(), WAIT).toBe(0);
}

/**
 * Second factors in Chromium (issue #47), on an app of its own (its public URL on localhost: a browser refuses an IP
 * address as a passkey's relying party) with its own people, so that no other journey meets a factor it did not set:
 * a person with an authenticator app, an admin without any factor, and a paid order to refund.
 */
describe("second factors", () => {
  const person = { email: "e2e-2fa-person@example.com", password: "a long e2e person password" };
  const admin = { email: "e2e-2fa-admin@example.com", password: "a long e2e admin password" };
  const orderNumber = "SM-20261127-E2E2F";
  let app: RunningApp | undefined;
  let dataDir = "";
  let orderId = "";
  let port = 0;

  const start = async () => {
    app = await startApp({}, { dataDir, timeoutMs: 120_000, compiled: true, publicHost: "localhost", ...(port ? { port } : {}) });
    port = Number(new URL(app.baseURL).port);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-e2e-2fa-"));
    await (await startApp({}, { dataDir, timeoutMs: 120_000, compiled: true })).stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const db = database.db;
      await createUser(db, { email: person.email, firstName: "Akua", lastName: "Boateng" }, { password: person.password });
      await createUser(
        db,
        { email: admin.email, firstName: "Kofi", lastName: "Adjei", role: "admin" },
        { password: admin.password },
      );
      const shopper = await createUser(db, { email: "e2e-2fa-shopper@example.com" }, { password: "a long e2e shopper password" });
      const mat = await createProduct(db, { name: "Woven Prayer Mat", price: "40.00", stockQuantity: 4 });
      const [order] = await db
        .insert(orders)
        .values({
          userId: shopper.id,
          orderNumber,
          items: [{ productId: mat.id, productName: mat.name, quantity: 1, price: "40.00" }],
          subtotal: "40.00",
          shippingCost: "10.00",
          total: "50.00",
          shippingName: "Ama Owusu",
          shippingEmail: shopper.email,
          shippingPhone: "+233 20 000 0002",
          shippingAddress: "4 Cocoa Lane\nKumasi",
          status: "paid",
          paymentProvider: "test",
          paidAt: new Date(),
        })
        .returning({ id: orders.id });
      orderId = order?.id ?? "";
    } finally {
      await database.close();
    }
    await start();
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a person sets up an authenticator app, signs out, and signs in again with its code", async () => {
    const page = await openPage({ baseURL: app?.baseURL });
    await signIn(page, person, "/profile");
    await page.getByRole("button", { name: "Set Up Authenticator App" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent({ timeout: WAIT.timeout })) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole("textbox", { name: "Code from the app" }).fill(await nextTotpCode(secret));
    await page.getByRole("button", { name: "Turn On", exact: true }).click();
    await page.getByText("Save your recovery codes").waitFor(WAIT);
    expect(await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").count()).toBe(10);
    await page.getByRole("button", { name: "I Saved Them" }).click();

    await signOut(page);
    // The password alone no longer signs in: the second step asks for the app's code.
    await signIn(page, { ...person, totpSecret: secret }, "/profile");
    await page.getByRole("heading", { name: "Security", exact: true }).waitFor(WAIT);
    expect(page.consoleErrors).toEqual([]);
  });

  it("an admin without a factor is sent to set one up, adds a passkey, signs in with it, and a stale refund asks again", async () => {
    const page = await openPage({ baseURL: app?.baseURL });
    await addVirtualAuthenticator(page);
    await signIn(page, admin, "/");
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash, WAIT).toBe("/profile#security");
    await page.getByText("Set up a second factor to open the console").first().waitFor(WAIT);

    // A passkey on Chromium's virtual authenticator: the first factor brings the recovery codes.
    await page.getByRole("textbox", { name: "Passkey name" }).fill("Test laptop");
    await page.getByRole("button", { name: "Add Passkey" }).click();
    await page.getByRole("list", { name: "Your passkeys" }).getByText("Test laptop").waitFor(WAIT);
    await page.getByText("Save your recovery codes").waitFor(WAIT);
    await page.getByRole("button", { name: "I Saved Them" }).click();
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/admin");

    // Signing in again: the password, then the passkey.
    await signOut(page);
    await page.goto(`/api/login?returnTo=${encodeURIComponent(`/admin/orders/${orderId}`)}`);
    await page.getByRole("textbox", { name: "Email" }).fill(admin.email);
    await page.getByRole("textbox", { name: "Password" }).fill(admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Use Passkey" }).click();
    await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor(WAIT);

    // Eleven minutes later by the session's own record (the app stops, the confirmation time is moved back, and the
    // app starts again on the same address, so the browser keeps its session): the refund asks again.
    await app?.stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
      const moved = await database.db
        .update(sessions)
        .set({
          sess: sql`jsonb_set(${sessions.sess}, '{confirmedAt}', to_jsonb(((${sessions.sess}->>'confirmedAt')::bigint - 11 * 60 * 1000)))`,
        })
        .where(sql`${sessions.sess}->>'userId' = ${row?.id ?? ""}`)
        .returning({ sid: sessions.sid });
      expect(moved.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    await start();
    await page.reload();
    await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor(WAIT);
    await page.getByRole("button", { name: "Refund" }).click();
    const refund = page.getByRole("dialog", { name: `Refund order ${orderNumber}` });
    await refund.getByRole("textbox", { name: "Reason" }).fill("Arrived damaged");
    await refund.getByRole("button", { name: /^Refund / }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.waitFor(WAIT);
    await confirm.getByText("Passkey", { exact: true }).click();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    // Confirmed by the passkey, the same refund is sent again and recorded.
    await page.getByText("Refund recorded").first().waitFor(WAIT);
    await expect.poll(() => page.getByText("Refunded", { exact: true }).count(), WAIT).toBeGreaterThan(0);
  });
});
