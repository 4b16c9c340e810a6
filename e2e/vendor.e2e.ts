import { describe, expect, it } from "vitest";
import { openPage, seriousViolations, signInAs, signUpNew } from "./support";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("Vendors (issue #46)", () => {
  it("a person applies in Ghana with MTN Mobile Money, an admin approves at 15%, the vendor lists a product, an admin approves it, a shopper buys it with a platform product in one payment, the vendor ships their part, an admin marks it delivered", async () => {
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
    // The form's dialog has finished closing: axe reads no half-faded title.
    await vendor.getByRole("dialog").waitFor({ state: "detached" });
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
    // Searched through the shop's own form, as a shopper does. (Opening /shop?q=<this product's name> straight from the
    // server drew an empty page in this journey, a hydration error that a fresh app does not show: see the closing note.)
    const search = async () => {
      await shopper.goto("/shop");
      await shopper.getByRole("textbox", { name: "Search" }).fill(productName);
      await shopper.getByRole("textbox", { name: "Search" }).press("Enter");
      await shopper.waitForURL((url) => url.searchParams.get("q") === productName);
    };
    await search();
    await shopper.getByText("No products found").first().waitFor();

    await admin.reload();
    await admin.getByRole("tab", { name: /^Products awaiting approval/ }).click();
    const pending = admin.getByRole("article", { name: `${productName} by ${businessName}` });
    await pending.getByRole("button", { name: "Approve product" }).click();
    await pending.waitFor({ state: "detached" });

    // Listed: in the shop, with its image (now public), and on the vendor's dashboard.
    await search();
    await shopper.getByRole("heading", { name: productName }).waitFor();
    const image = shopper.getByTestId("product-card").filter({ hasText: productName }).locator("img").first();
    const src = (await image.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/api\/uploads\//);
    expect((await shopper.request.get(src)).status()).toBe(200);
    await vendor.reload();
    await row.getByText("Listed").waitFor();

    // A shopper buys it together with one of the platform's own products, in one payment.
    // (Signed up from /shop, as the shop's journey is: a return address with a query of its own is not needed here.)
    await signUpNew(shopper, "/shop");
    const listed = (await (await shopper.request.get("/api/products")).json()) as { name: string; price: string; stockQuantity: number }[];
    const own = listed.find((p) => p.name !== productName && p.stockQuantity >= 1);
    if (!own) throw new Error("the demo data needs a product of the platform's in stock");
    for (const name of [productName, own.name]) {
      await shopper.goto(`/shop?q=${encodeURIComponent(name)}`);
      const productCard = shopper.getByTestId("product-card").filter({ hasText: name });
      await productCard.getByRole("button", { name: "Add to Cart" }).click();
      await shopper.getByText("Product has been added to your cart").first().waitFor();
    }
    await shopper.goto("/checkout");
    await shopper.getByRole("textbox", { name: "Full Name" }).fill("Esi Tester");
    await shopper.getByRole("textbox", { name: "Email" }).fill("esi.vendor-buyer@example.com");
    await shopper.getByRole("textbox", { name: "Phone" }).fill("+233 24 000 0000");
    await shopper.getByRole("textbox", { name: "Shipping Address" }).fill("4 Cocoa Lane\nKumasi\nGhana");
    const subtotal = 4550 + Math.round(Number(own.price) * 100);
    const total = `$${((subtotal + 1000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => shopper.getByTestId("checkout-total").textContent()).toBe(total);
    await shopper.getByRole("button", { name: "Continue to Payment" }).click();
    await shopper.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
    await shopper.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/34");
    await shopper.getByRole("textbox", { name: "CVC" }).fill("123");
    await shopper.getByRole("button", { name: `Pay ${total}` }).click();
    await shopper.getByRole("heading", { name: "Order Placed Successfully!" }).waitFor();

    // The vendor ships their part with tracking: they see only their line.
    await vendor.getByRole("tab", { name: "Orders" }).click();
    const orderCard = vendor.getByRole("article", { name: /^Order / });
    await orderCard.getByText(`1 x ${productName}`).waitFor();
    expect(await orderCard.getByText(own.name).count()).toBe(0);
    const orderNumber = ((await orderCard.getAttribute("aria-label")) ?? "").replace(/^Order /, "");
    await orderCard.getByRole("button", { name: `Mark shipped: ${orderNumber}` }).click();
    const shipDialog = vendor.getByRole("dialog", { name: `Ship your part of ${orderNumber}` });
    await shipDialog.getByRole("textbox", { name: "Tracking number" }).fill("JD0146 0000 46");
    await shipDialog.getByRole("button", { name: "Mark shipped" }).click();
    await vendor.getByText("Marked as shipped").first().waitFor();
    await orderCard.getByText(/^Shipped .* with DHL/).waitFor();

    // The shopper's order shows the vendor's part shipped with its tracking, apart from the platform's lines.
    await shopper.goto("/profile");
    const part = shopper.getByTestId("order-part").filter({ hasText: `From ${businessName}` });
    await part.getByText(/Shipped .* with DHL, JD0146 0000 46/).waitFor();

    // An admin marks the part delivered from the order's page.
    await admin.goto(`/admin?tab=orders&q=${encodeURIComponent(orderNumber)}`);
    await admin.getByRole("link", { name: orderNumber }).click();
    await admin.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
    const parts = admin.getByTestId("vendor-part").filter({ hasText: businessName });
    violations.push(...(await seriousViolations(admin, "order page with a vendor's part")));
    await parts.getByRole("button", { name: `Mark ${businessName}'s part delivered` }).click();
    await admin.getByText("Marked as delivered").first().waitFor();
    await parts.getByText(/^Delivered /).waitFor();

    // Delivered, on the shopper's page and the vendor's; the vendor's share, 85% of the line, is on hold until the
    // 7-day return window has passed (the payout itself: src-server/modules/payouts/vendor-payouts.test.ts, where
    // the clock can move).
    await shopper.reload();
    await part.getByText(/^Delivered /).waitFor();
    await part.getByRole("button", { name: "Return these items" }).waitFor();
    violations.push(...(await seriousViolations(shopper, "/profile with a vendor's part")));
    await vendor.reload();
    await orderCard.getByText(/^Delivered /).waitFor();
    await vendor.getByRole("tab", { name: "Money" }).click();
    await vendor.getByRole("tabpanel").getByText("$38.67").first().waitFor();
    expect(violations).toEqual([]);
    expect(vendor.consoleErrors).toEqual([]);
    expect(admin.consoleErrors).toEqual([]);
    expect(shopper.consoleErrors).toEqual([]);
  });
});
