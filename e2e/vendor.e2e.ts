import { describe, expect, it } from "vitest";
import { openPage, seriousViolations, signInAs, signUpNew } from "./support";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("Vendors (issue #46)", () => {
  it("a person applies in Ghana with MTN Mobile Money, an admin approves at 15%, the vendor lists a product, an admin approves it, it is in the shop", async () => {
    const suffix = Date.now().toString(36);
    const businessName = `Bonwire Kente ${suffix}`;
    const productName = `Kente Stole ${suffix}`;

    // The applicant finds `Become a vendor` in the account menu.
    const vendor = await openPage();
    await signUpNew(vendor, "/");
    await vendor.getByRole("button", { name: "Account menu" }).click();
    await vendor.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Become a vendor" }).click();
    await vendor.waitForURL((url) => url.pathname === "/become-vendor");

    const form = vendor.getByRole("form", { name: "Vendor application" });
    await form.getByLabel("Business Name").fill(businessName);
    await form.getByLabel("Country").fill("Ghana");
    await form.getByLabel("Contact Email").fill("kente.vendor@example.com");
    await form.getByLabel("Business Address").fill("Bonwire, Ashanti Region");
    await form.getByLabel("Description").fill("Kente woven on the loom by three generations of our family.");
    const types = form.getByRole("textbox", { name: "Product Types" });
    await types.fill("Textiles");
    await types.press("Enter");
    await form.getByLabel(/^Business Registration Document/).setInputFiles({
      name: "registration.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await form.getByRole("progressbar", { name: "Uploaded registration.pdf" }).waitFor();
    // Ghana pays vendors to mobile money (first) or a bank: the networks are the provider's (test mode's) list.
    await expect.poll(() => form.getByRole("radio", { name: "Mobile money" }).isChecked()).toBe(true);
    const network = form.getByRole("combobox", { name: "Network" });
    await expect.poll(() => network.locator("option", { hasText: "MTN Mobile Money" }).count()).toBe(1);
    await network.selectOption({ label: "MTN Mobile Money" });
    await form.getByLabel("Mobile money number").fill("0244123456");
    await form.getByRole("button", { name: "Check name" }).click();
    await form.getByText("Account holder: TEST ACCOUNT 3456").waitFor();
    await form.getByRole("checkbox", { name: "This is my account" }).check();
    const violations = await seriousViolations(vendor, "/become-vendor, filled in");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await vendor.getByText("Application under review").waitFor();

    // The admin approves at the default 15.00%.
    const admin = await openPage();
    await signInAs(admin, "admin", "/admin?tab=vendors");
    const card = admin.getByRole("article", { name: `Vendor application from ${businessName}` });
    await card.waitFor();
    await card.getByText("MTN Mobile Money").waitFor();
    violations.push(...(await seriousViolations(admin, "/admin?tab=vendors")));
    expect(await card.getByLabel(/^Commission/).inputValue()).toBe("15.00");
    await card.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Application Reviewed").waitFor();
    await card.waitFor({ state: "detached" });

    // The vendor now reaches their dashboard and lists a product, which waits for approval.
    await vendor.reload();
    await vendor.getByRole("link", { name: "Vendor dashboard" }).click();
    await vendor.waitForURL((url) => url.pathname === "/vendor");
    await vendor.getByRole("button", { name: "New product" }).click();
    const product = vendor.getByRole("form", { name: "New product" });
    await product.getByLabel("Name").fill(productName);
    await product.getByLabel("Description").fill("A stole in the Adweneasa pattern, woven in Bonwire.");
    await product.getByLabel(/^Price/).fill("45.50");
    await product.getByLabel(/^Stock/).fill("5");
    await product.getByLabel(/^Image/).setInputFiles({ name: "stole.png", mimeType: "image/png", buffer: PNG });
    await product.getByText("Uploaded: stole.png").waitFor();
    await product.getByRole("button", { name: "Add product" }).click();
    const row = vendor.getByRole("table", { name: "Your products" }).getByRole("row", { name: new RegExp(productName) });
    await row.getByText("Awaiting approval").waitFor();
    violations.push(...(await seriousViolations(vendor, "/vendor")));
    for (const tab of ["orders", "money"]) {
      await vendor.getByRole("tab", { name: tab === "orders" ? "Orders" : "Money" }).click();
      await vendor.waitForURL((url) => url.searchParams.get("tab") === tab);
      await vendor.getByRole("tabpanel").getByText(tab === "orders" ? "No orders yet" : "Sales").first().waitFor();
      violations.push(...(await seriousViolations(vendor, `/vendor?tab=${tab}`)));
    }
    await vendor.getByRole("tab", { name: "Products" }).click();

    // Not in the shop before an admin approves it.
    const shopper = await openPage();
    await shopper.goto(`/shop?q=${encodeURIComponent(productName)}`);
    await shopper.getByText("No products found").first().waitFor();

    await admin.reload();
    await admin.getByRole("tab", { name: /^Products awaiting approval/ }).click();
    const pending = admin.getByRole("article", { name: `${productName} by ${businessName}` });
    await pending.getByRole("button", { name: "Approve product" }).click();
    await pending.waitFor({ state: "detached" });

    // Listed: in the shop, with its image (now public), and on the vendor's dashboard.
    await shopper.reload();
    await shopper.getByRole("heading", { name: productName }).waitFor();
    const image = shopper.getByTestId("product-card").filter({ hasText: productName }).locator("img").first();
    const src = (await image.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/api\/uploads\//);
    expect((await shopper.request.get(src)).status()).toBe(200);
    await vendor.reload();
    await row.getByText("Listed").waitFor();
    expect(violations).toEqual([]);
    expect(vendor.consoleErrors).toEqual([]);
    expect(admin.consoleErrors).toEqual([]);
    expect(shopper.consoleErrors).toEqual([]);
  });
});
