import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, products, vendorApplications, vendors } from "../../../db/schema";
import { createProduct, createUser, createVendor, uniqueSuffix } from "../../../db/seed/factories";
import {
  ALREADY_VENDOR,
  NOT_A_VENDOR,
  PRODUCT_ALREADY_APPROVED,
  PRODUCT_IMAGE_REQUIRED,
  REGISTRATION_DOCUMENT_REQUIRED,
  VENDOR_ALREADY_PENDING,
  VENDOR_APPLICATION_REVIEWED,
  VENDOR_PRODUCT_NOT_FOUND,
} from "../../../src/schemas/vendors";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { fixtures, multipart, uploadIdDocument } from "../../test/uploads";

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const email = `vendor-admin-${uniqueSuffix()}@example.com`.toLowerCase();
  await createUser(t.database.db, { email, role: "admin" }, { password: "vendor admin pass 1" });
  adminCookie = await signIn(t.app, email, "vendor admin pass 1");
}, 60_000);
afterAll(async () => {
  await t.close();
});

const application = (businessRegistrationDoc: string) => ({
  businessName: "Bonwire Kente Weavers",
  contactEmail: "Kwame@Example.com",
  contactPhone: "+233 24 000 0000",
  businessAddress: "Bonwire, Ashanti Region",
  country: "Ghana",
  description: "Kente woven on the loom by three generations of our family.",
  productTypes: ["Textiles", "Textiles", "Stoles"],
  taxId: "GH-TIN-0042",
  businessRegistrationDoc,
  payout: { kind: "mobile_money", institutionCode: "MTN", accountNumber: "024 412 3456", accountName: "Test Account 3456" },
});

async function applicant() {
  const account = await signUp(t.app);
  const upload = await uploadIdDocument(t.app, account.cookie, { filename: "registration.pdf", content: fixtures.pdf() });
  const { url } = upload.json<{ url: string }>();
  const me = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: account.cookie } })).json<{
    id: string;
  }>();
  return { ...account, userId: me.id, url };
}

async function approvedVendor(commissionPercentage = "15.00") {
  const a = await applicant();
  const vendor = await createVendor(t.database.db, { userId: a.userId, commissionPercentage });
  return { ...a, vendorId: vendor.id };
}

const kente = {
  name: "Kente Stole",
  description: "A stole in the Adweneasa pattern.",
  price: "45.5",
  stockQuantity: 5,
  lowStockThreshold: 2,
  isActive: true,
};

describe("applying to sell", () => {
  it("files a pending application with the payout details the country's rail accepts", async () => {
    const a = await applicant();
    const response = await trpcMutation(t.app, "vendors.submit", application(a.url), a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select().from(vendorApplications).where(eq(vendorApplications.userId, a.userId));
    expect(row).toMatchObject({
      businessName: "Bonwire Kente Weavers",
      contactEmail: "kwame@example.com",
      country: "Ghana",
      productTypes: ["Textiles", "Stoles"],
      businessRegistrationDoc: a.url,
      status: "pending",
    });
    expect(JSON.parse(row?.bankAccountInfo ?? "{}")).toMatchObject({
      rail: "paystack",
      kind: "mobile_money",
      country: "GH",
      currency: "GHS",
      institutionCode: "MTN",
      institutionName: "MTN Mobile Money",
      accountNumber: "0244123456",
    });
    await t.app.jobs.runDue();
    expect(t.mailer.sent.some((m) => m.to === "kwame@example.com" && m.subject === "We received your vendor application")).toBe(
      true,
    );
    const mine = trpcData<{ application: { status: string } | null; vendor: unknown }>(
      await trpcQuery(t.app, "vendors.mine", undefined, a.cookie),
    );
    expect(mine).toMatchObject({ application: { status: "pending" }, vendor: null });
  });

  it("refuses a payout kind or network the country does not offer, and changes nothing", async () => {
    const a = await applicant();
    const wrongKind = await trpcMutation(
      t.app,
      "vendors.submit",
      { ...application(a.url), country: "Germany", payout: { ...application(a.url).payout } },
      a.cookie,
    );
    expect(wrongKind.statusCode).toBe(400);
    const unknownNetwork = await trpcMutation(
      t.app,
      "vendors.submit",
      { ...application(a.url), payout: { ...application(a.url).payout, institutionCode: "NOPE" } },
      a.cookie,
    );
    expect(unknownNetwork.statusCode).toBe(400);
    expect(trpcError(unknownNetwork).message).toBe("Choose your network or bank from the list.");
    expect(await t.database.db.select().from(vendorApplications).where(eq(vendorApplications.userId, a.userId))).toHaveLength(0);
  });

  it("needs a registration document the applicant uploaded, and one pending application at a time", async () => {
    const a = await applicant();
    const b = await applicant();
    const foreign = await trpcMutation(t.app, "vendors.submit", application(b.url), a.cookie);
    expect(foreign.statusCode).toBe(400);
    expect(trpcError(foreign).message).toBe(REGISTRATION_DOCUMENT_REQUIRED);
    const external = await trpcMutation(t.app, "vendors.submit", application("https://evil.example/doc.pdf"), a.cookie);
    expect(trpcError(external).data.zodError?.fieldErrors.businessRegistrationDoc).toEqual([REGISTRATION_DOCUMENT_REQUIRED]);

    const [first, second] = await Promise.all([
      trpcMutation(t.app, "vendors.submit", application(a.url), a.cookie),
      trpcMutation(t.app, "vendors.submit", application(a.url), a.cookie),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const again = await trpcMutation(t.app, "vendors.submit", application(a.url), a.cookie);
    expect(trpcError(again).message).toBe(VENDOR_ALREADY_PENDING);
    expect(await t.database.db.select().from(vendorApplications).where(eq(vendorApplications.userId, a.userId))).toHaveLength(1);
  });

  it("refuses someone who already is a vendor", async () => {
    const v = await approvedVendor();
    const response = await trpcMutation(t.app, "vendors.submit", application(v.url), v.cookie);
    expect(response.statusCode).toBe(409);
    expect(trpcError(response).message).toBe(ALREADY_VENDOR);
  });
});

describe("the admins' review", () => {
  async function pendingApplication() {
    const a = await applicant();
    const filed = await trpcMutation(t.app, "vendors.submit", application(a.url), a.cookie);
    return { ...a, id: trpcData<{ id: string }>(filed).id };
  }

  it("approves at 15.00% by default: the vendor exists, the applicant is mailed, the audit log has the row", async () => {
    const a = await pendingApplication();
    const list = trpcData<{ applications: { id: string; payout: string | null }[]; counts: { pending: number } }>(
      await trpcQuery(t.app, "vendors.applications", { status: "pending" }, adminCookie),
    );
    expect(list.counts.pending).toBeGreaterThanOrEqual(1);
    // The console shows the payout details masked.
    expect(list.applications.find((x) => x.id === a.id)?.payout).toBe("MTN Mobile Money •••• 3456 (TEST ACCOUNT 3456)");

    const response = await trpcMutation(t.app, "vendors.reviewApplication", { id: a.id, status: "approved" }, adminCookie);
    expect(response.statusCode, response.body).toBe(200);
    const [vendor] = await t.database.db.select().from(vendors).where(eq(vendors.userId, a.userId));
    expect(vendor).toMatchObject({ businessName: "Bonwire Kente Weavers", commissionPercentage: "15.00", status: "approved" });
    await t.app.jobs.runDue();
    const mail = t.mailer.sent.findLast((m) => m.subject === "Your vendor application has been approved");
    expect(mail?.to).toBe("kwame@example.com");
    expect(mail?.text).toContain("a commission of 15.00%");
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, a.id));
    expect(audit).toEqual([expect.objectContaining({ action: "vendors.reviewApplication", targetKind: "vendor_application" })]);

    const twice = await trpcMutation(t.app, "vendors.reviewApplication", { id: a.id, status: "rejected" }, adminCookie);
    expect(trpcError(twice).message).toBe(VENDOR_APPLICATION_REVIEWED);
    const mine = trpcData<{ vendor: { commissionPercentage: string } | null }>(
      await trpcQuery(t.app, "vendors.mine", undefined, a.cookie),
    );
    expect(mine.vendor?.commissionPercentage).toBe("15.00");
  });

  it("rejects with notes and creates no vendor; an approval may set another commission", async () => {
    const a = await pendingApplication();
    const rejected = await trpcMutation(
      t.app,
      "vendors.reviewApplication",
      { id: a.id, status: "rejected", reviewNotes: "Please send a clearer registration document." },
      adminCookie,
    );
    expect(rejected.statusCode).toBe(200);
    expect(await t.database.db.select().from(vendors).where(eq(vendors.userId, a.userId))).toHaveLength(0);
    await t.app.jobs.runDue();
    const mail = t.mailer.sent.findLast((m) => m.subject === "Your vendor application");
    expect(mail?.to).toBe("kwame@example.com");
    expect(mail?.text).toContain("Please send a clearer registration document.");

    const b = await pendingApplication();
    const bad = await trpcMutation(
      t.app,
      "vendors.reviewApplication",
      { id: b.id, status: "approved", commissionPercentage: "101" },
      adminCookie,
    );
    expect(bad.statusCode).toBe(400);
    const ok = await trpcMutation(
      t.app,
      "vendors.reviewApplication",
      { id: b.id, status: "approved", commissionPercentage: "12.5" },
      adminCookie,
    );
    expect(ok.statusCode).toBe(200);
    const [vendor] = await t.database.db.select().from(vendors).where(eq(vendors.userId, b.userId));
    expect(vendor?.commissionPercentage).toBe("12.50");
  });
});

describe("a vendor's products", () => {
  it("are not listed until an admin approves them, then listed as the platform's own are", async () => {
    const v = await approvedVendor();
    const created = await trpcMutation(t.app, "vendors.createProduct", kente, v.cookie);
    expect(created.statusCode, created.body).toBe(200);
    const product = trpcData<{ id: string; slug: string; price: string; approvedAt: Date | null }>(created);
    expect(product).toMatchObject({ price: "45.50", approvedAt: null });

    const publicPage = () => trpcQuery(t.app, "shop.product", { slug: product.slug });
    expect((await publicPage()).statusCode).toBe(404);
    const listed = async () =>
      trpcData<{ items: { id: string }[] }>(await trpcQuery(t.app, "shop.products", { search: "Kente Stole" })).items.some(
        (p) => p.id === product.id,
      );
    expect(await listed()).toBe(false);
    const shopper = await signUp(t.app);
    const add = await trpcMutation(t.app, "cart.add", { productId: product.id, quantity: 1 }, shopper.cookie);
    expect(add.statusCode).toBe(409);

    const queue = trpcData<{ id: string; businessName: string }[]>(await trpcQuery(t.app, "vendors.pendingProducts", undefined, adminCookie));
    expect(queue.find((p) => p.id === product.id)).toBeDefined();
    const approved = await trpcMutation(t.app, "vendors.approveProduct", { id: product.id }, adminCookie);
    expect(approved.statusCode, approved.body).toBe(200);
    const again = await trpcMutation(t.app, "vendors.approveProduct", { id: product.id }, adminCookie);
    expect(trpcError(again).message).toBe(PRODUCT_ALREADY_APPROVED);

    expect((await publicPage()).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect((await trpcMutation(t.app, "cart.add", { productId: product.id, quantity: 1 }, shopper.cookie)).statusCode).toBe(200);

    // Edits after the first approval keep it listed; inactive takes it off sale.
    const edited = await trpcMutation(
      t.app,
      "vendors.updateProduct",
      { ...kente, id: product.id, price: "50.00", stockQuantity: 8, isActive: false },
      v.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await publicPage()).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ price: "50.00", stockQuantity: 8, isActive: false, vendorId: v.vendorId });
    expect(row?.approvedAt).not.toBeNull();
  });

  it("takes an image the vendor uploaded, private until the product is listed, and refuses anyone else's upload", async () => {
    const v = await approvedVendor();
    const other = await applicant();
    const uploadImage = async (cookie: string) => {
      const body = multipart("productImage", "stole.png", "image/png", fixtures.png());
      const response = await t.app.inject({
        method: "POST",
        url: "/api/upload/product-image",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ url: string }>().url;
    };
    const mine = await uploadImage(v.cookie);
    const theirs = await uploadImage(other.cookie);
    const refused = await trpcMutation(t.app, "vendors.createProduct", { ...kente, imageUrl: theirs }, v.cookie);
    expect(refused.statusCode).toBe(400);
    expect(trpcError(refused).message).toBe(PRODUCT_IMAGE_REQUIRED);
    // A Seer's ID document is not a product image either.
    const document = await trpcMutation(t.app, "vendors.createProduct", { ...kente, imageUrl: v.url }, v.cookie);
    expect(trpcError(document).message).toBe(PRODUCT_IMAGE_REQUIRED);

    const created = await trpcMutation(t.app, "vendors.createProduct", { ...kente, imageUrl: mine }, v.cookie);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = trpcData<{ id: string }>(created);
    const read = (cookie?: string) => t.app.inject({ method: "GET", url: mine, headers: cookie ? { cookie } : {} });
    expect((await read()).statusCode).toBe(401);
    expect((await read(v.cookie)).statusCode).toBe(200);
    expect((await read(adminCookie)).statusCode).toBe(200);
    expect((await trpcMutation(t.app, "vendors.approveProduct", { id }, adminCookie)).statusCode).toBe(200);
    const listed = await read();
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["content-type"]).toBe("image/png");
  });

  it("the platform's own products need no approval", async () => {
    const own = await createProduct(t.database.db);
    expect((await trpcQuery(t.app, "shop.product", { slug: own.slug })).statusCode).toBe(200);
  });

  it("a vendor sees and edits only their own; anyone else is told there is no such product", async () => {
    const v = await approvedVendor();
    const other = await approvedVendor();
    const mineCreated = trpcData<{ id: string }>(await trpcMutation(t.app, "vendors.createProduct", kente, v.cookie));
    await trpcMutation(t.app, "vendors.createProduct", { ...kente, name: "Adinkra Cloth" }, other.cookie);

    const list = trpcData<{ id: string; name: string }[]>(await trpcQuery(t.app, "vendors.products", undefined, v.cookie));
    expect(list.map((p) => p.id)).toEqual([mineCreated.id]);

    const foreign = await trpcMutation(t.app, "vendors.updateProduct", { ...kente, id: mineCreated.id, price: "1.00" }, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(trpcError(foreign).message).toBe(VENDOR_PRODUCT_NOT_FOUND);
    const missing = await trpcMutation(
      t.app,
      "vendors.updateProduct",
      { ...kente, id: "00000000-0000-4000-8000-000000000000", price: "1.00" },
      other.cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(trpcError(missing).message).toBe(trpcError(foreign).message);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, mineCreated.id));
    expect(row?.price).toBe("45.50");

    const client = await signUp(t.app);
    const notVendor = await trpcQuery(t.app, "vendors.products", undefined, client.cookie);
    expect(notVendor.statusCode).toBe(404);
    expect(trpcError(notVendor).message).toBe(NOT_A_VENDOR);
    expect((await trpcMutation(t.app, "vendors.createProduct", kente, client.cookie)).statusCode).toBe(404);
  });

  it("refuses bad input with clear messages and writes nothing", async () => {
    const v = await approvedVendor();
    const bad = await trpcMutation(
      t.app,
      "vendors.createProduct",
      { ...kente, price: "0", stockQuantity: -1, imageUrl: "http://insecure.example/a.png" },
      v.cookie,
    );
    expect(bad.statusCode).toBe(400);
    const errors = trpcError(bad).data.zodError?.fieldErrors ?? {};
    expect(errors.price).toEqual(["The price must be more than 0"]);
    expect(errors.stockQuantity).toEqual(["Stock cannot be negative"]);
    expect(errors.imageUrl).toEqual(["Enter the image's address (https://...)"]);
    expect(await t.database.db.select().from(products).where(eq(products.vendorId, v.vendorId))).toHaveLength(0);
  });
});
