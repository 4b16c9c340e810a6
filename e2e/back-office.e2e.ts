import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { orders } from "../db/schema";
import { createProduct, createUser } from "../db/seed/factories";
import { startApp, type RunningApp } from "../scripts/lib/serve";
import { fixtures } from "../src-server/test/uploads";
import { demo, openPage, seriousViolations, signIn } from "./support";

/**
 * A paid order is prepared in the database of an app of its own (as the seed does), so that the journey starts
 * where the back office does: the admin finds it, ships it with a tracking number, and the shopper sees it.
 */
describe("the shop's back office", () => {
  const shopper = { email: "e2e-shopper@example.com", password: "a long e2e shopper password" };
  let app: RunningApp | undefined;
  let dataDir = "";
  const orderNumber = "SM-20261124-E2EQX";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-e2e-office-"));
    await (await startApp({ SEED_DEMO: "true" }, { dataDir, timeoutMs: 120_000, compiled: true })).stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const db = database.db;
      const user = await createUser(
        db,
        { email: shopper.email, firstName: "Abena", lastName: "Owusu" },
        { password: shopper.password },
      );
      const mat = await createProduct(db, { name: "Woven Prayer Mat", price: "40.00", stockQuantity: 4 });
      await db.insert(orders).values({
        userId: user.id,
        orderNumber,
        items: [{ productId: mat.id, productName: mat.name, quantity: 1, price: "40.00" }],
        subtotal: "40.00",
        shippingCost: "10.00",
        total: "50.00",
        shippingName: "Abena Owusu",
        shippingEmail: shopper.email,
        shippingPhone: "+233 20 000 0001",
        shippingAddress: "4 Cocoa Lane\nKumasi",
        status: "paid",
        paymentProvider: "test",
        paidAt: new Date(),
      });
    } finally {
      await database.close();
    }
    app = await startApp({ SEED_DEMO: "true" }, { dataDir, timeoutMs: 120_000, compiled: true });
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("an admin finds a paid order, ships it with a tracking number, and the shopper sees the tracking on the profile", async () => {
    const admin = await openPage({ baseURL: app?.baseURL });
    await signIn(admin, demo.admin, "/admin?tab=orders");
    await admin.getByRole("textbox", { name: "Search" }).fill("e2e-shopper@");
    await admin.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => admin.url()).toContain("q=e2e-shopper");
    await admin.getByRole("link", { name: orderNumber }).click();
    await admin.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
    const orderPath = new URL(admin.url()).pathname;
    // An order's page passes axe in light colours and, as the system switches, in dark ones.
    const violations = await seriousViolations(admin, "order page");
    await admin.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => admin.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    violations.push(...(await seriousViolations(admin, "order page, dark")));
    await admin.emulateMedia({ colorScheme: "light" });
    expect(violations).toEqual([]);
    await admin.getByRole("button", { name: "Mark as shipped" }).click();
    const dialog = admin.getByRole("dialog", { name: `Ship order ${orderNumber}` });
    await dialog.getByRole("textbox", { name: "Tracking number" }).fill("JD0146 0000 3SE");
    await dialog.getByRole("button", { name: "Mark as shipped" }).click();
    await dialog.waitFor({ state: "detached" });
    await admin.getByText("Shipped", { exact: true }).first().waitFor();
    await expect
      .poll(() => admin.getByRole("link", { name: "Track parcel" }).getAttribute("href"))
      .toContain("tracking-id=JD0146%200000%203SE");
    expect(admin.consoleErrors).toEqual([]);
    // README screenshots: SCREENSHOTS=docs/screenshots.
    const shots = process.env.SCREENSHOTS;
    if (shots) {
      await admin.screenshot({ path: path.join(shots, "admin-order-desktop.png"), fullPage: true });
      await admin.setViewportSize({ width: 360, height: 780 });
      await admin.goto("/admin?tab=orders");
      await admin.getByRole("link", { name: orderNumber }).waitFor();
      await admin.screenshot({ path: path.join(shots, "admin-orders-mobile.png"), fullPage: true });
    }

    const person = await openPage({ baseURL: app?.baseURL, width: 360, height: 780 });
    await signIn(person, shopper, "/profile");
    const card = person.getByTestId("order").filter({ hasText: orderNumber });
    await card.getByText("Shipped", { exact: true }).waitFor();
    await expect.poll(() => card.getByTestId("order-tracking").textContent()).toContain("DHL JD0146 0000 3SE");
    expect(await card.getByRole("link", { name: "Track parcel" }).getAttribute("href")).toContain("dhl.com");

    // Delivered; the shopper asks for a return with a photo, and the admin accepts it.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(orderPath);
    await admin.getByRole("button", { name: "Mark as delivered" }).click();
    await admin.getByText("Delivered", { exact: true }).first().waitFor();
    await person.reload();
    await card.getByRole("button", { name: "Ask for a return" }).click();
    const returnDialog = person.getByRole("dialog", { name: `Return order ${orderNumber}` });
    await returnDialog.getByRole("textbox", { name: "Reason" }).fill("The mat arrived torn at one corner.");
    const photo = path.join(dataDir, "torn.png");
    writeFileSync(photo, fixtures.png());
    await returnDialog.locator('input[type="file"]').setInputFiles(photo);
    await returnDialog.getByRole("button", { name: "Ask for a return" }).click();
    await returnDialog.waitFor({ state: "detached" });
    await expect.poll(() => card.getByTestId("order-return").textContent()).toContain("Return requested");

    await admin.reload();
    await admin.getByText("The mat arrived torn at one corner.").waitFor();
    await admin.getByRole("button", { name: "Accept return" }).click();
    await admin.getByText("Accepted: waiting for the parcel").waitFor();
    await person.reload();
    await expect.poll(() => card.getByTestId("order-return").textContent()).toContain("Return accepted");
    expect(admin.consoleErrors).toEqual([]);
    expect(person.consoleErrors).toEqual([]);
  });
});
