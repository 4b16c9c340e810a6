import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seerApplications } from "../../../db/schema";
import { createSeer, createUser } from "../../../db/seed/factories";
import { createTestApp, signUp, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { fixtures, uploadIdDocument } from "../../test/uploads";
import { ALREADY_PENDING, ALREADY_SEER, DOCUMENT_NOT_YOURS } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const validApplication = (idDocumentUrl: string) => ({
  fullName: "Yaa Asantewaa Boateng",
  country: "Ghana",
  contactEmail: "Yaa@Example.com",
  contactPhone: "+233 20 000 0000",
  tradition: "Akan",
  lineageInfo: "Initiated at the Akonnedi shrine, Larteh.",
  yearsOfPractice: "12",
  specializations: ["Divination", "Herbal Healing", "Divination"],
  biography: "I read for families in Kumasi and teach the old songs.",
  ethicsStatement: "I keep confidences and never promise outcomes.",
  idDocumentUrl,
});

async function applicant() {
  const account = await signUp(t.app);
  const upload = await uploadIdDocument(t.app, account.cookie, { filename: "id.pdf", content: fixtures.pdf() });
  const { url } = upload.json<{ url: string }>();
  const me = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: account.cookie } })).json<{
    id: string;
  }>();
  return { ...account, userId: me.id, url };
}

const postApplication = (body: unknown, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/seer-applications",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });

describe("POST /api/seer-applications", () => {
  it("refuses visitors with 401", async () => {
    const response = await postApplication(validApplication("/api/uploads/00000000-0000-4000-8000-000000000000"));
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe("Unauthorized");
  });

  it("files a pending application for the session's user, ignoring any userId in the body", async () => {
    const a = await applicant();
    const someoneElse = await createUser(t.database.db);
    const response = await postApplication({ ...validApplication(a.url), userId: someoneElse.id }, a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending" });
    const rows = await t.database.db
      .select()
      .from(seerApplications)
      .where(eq(seerApplications.id, response.json<{ id: string }>().id));
    expect(rows[0]).toMatchObject({
      userId: a.userId,
      fullName: "Yaa Asantewaa Boateng",
      contactEmail: "yaa@example.com",
      yearsOfPractice: 12,
      specializations: ["Divination", "Herbal Healing"],
      idDocumentUrl: a.url,
      status: "pending",
      reviewNotes: null,
    });
    expect(rows[0]?.createdAt.getTime()).toBe(t.clock.now().getTime());
    expect(await t.database.db.select().from(seerApplications).where(eq(seerApplications.userId, someoneElse.id))).toHaveLength(
      0,
    );
    const mine = await trpcQuery(t.app, "applications.mine", undefined, a.cookie);
    expect(mine.json().result.data.json).toMatchObject({ status: "pending" });
  });

  it("validates with the spec's messages on both doors", async () => {
    const a = await applicant();
    const bad = { ...validApplication(""), yearsOfPractice: 0, specializations: [" "], fullName: "  " };
    const viaTrpc = await trpcMutation(t.app, "applications.submit", bad, a.cookie);
    expect(viaTrpc.statusCode).toBe(400);
    const fieldErrors = trpcError(viaTrpc).data.zodError?.fieldErrors ?? {};
    expect(fieldErrors.yearsOfPractice).toEqual(["Must be at least 1 year"]);
    expect(fieldErrors.idDocumentUrl).toContain("Please upload your ID document");
    expect(fieldErrors.fullName).toEqual(["Full name is required"]);

    const noSpecializations = await trpcMutation(
      t.app,
      "applications.submit",
      { ...validApplication(a.url), specializations: [] },
      a.cookie,
    );
    expect(trpcError(noSpecializations).data.zodError?.fieldErrors.specializations).toEqual(["Add at least one specialization"]);

    const viaRest = await postApplication({ ...validApplication(a.url), yearsOfPractice: "abc", contactEmail: "nope" }, a.cookie);
    expect(viaRest.statusCode).toBe(400);
    expect(viaRest.headers["content-type"]).toContain("text/plain");
    expect(viaRest.body).toContain("yearsOfPractice: Must be at least 1 year");
    expect(viaRest.body).toContain("contactEmail: Enter a valid email address");

    const { contactPhone: _phone, ...withoutPhone } = validApplication(a.url);
    expect((await postApplication(withoutPhone, a.cookie)).statusCode).toBe(200);
    expect(await t.database.db.select().from(seerApplications).where(eq(seerApplications.userId, a.userId))).toHaveLength(1);
  });

  it("needs an ID document that this same user uploaded", async () => {
    const a = await applicant();
    const b = await applicant();
    const foreign = await postApplication(validApplication(b.url), a.cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toBe(DOCUMENT_NOT_YOURS);
    const invented = await postApplication(validApplication("/api/uploads/00000000-0000-4000-8000-000000000000"), a.cookie);
    expect(invented.statusCode).toBe(400);
    const external = await postApplication(validApplication("https://evil.example/id.pdf"), a.cookie);
    expect(external.statusCode).toBe(400);
    expect(external.body).toContain("Please upload your ID document");
    expect(await t.database.db.select().from(seerApplications).where(eq(seerApplications.userId, a.userId))).toHaveLength(0);
  });

  it("allows one pending application per user at a time, also under concurrent submissions", async () => {
    const a = await applicant();
    const [first, second] = await Promise.all([
      postApplication(validApplication(a.url), a.cookie),
      postApplication(validApplication(a.url), a.cookie),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)?.body).toBe(ALREADY_PENDING);
    const third = await postApplication(validApplication(a.url), a.cookie);
    expect(third.statusCode).toBe(409);
    expect(third.body).toBe(ALREADY_PENDING);

    // Once the pending one is decided, a new application may be filed.
    await t.database.db.update(seerApplications).set({ status: "rejected" }).where(eq(seerApplications.userId, a.userId));
    expect((await postApplication(validApplication(a.url), a.cookie)).statusCode).toBe(200);
  });

  it("refuses an application from a user who is already an approved Seer", async () => {
    const a = await applicant();
    await createSeer(t.database.db, { userId: a.userId, verificationStatus: "approved" });
    const response = await postApplication(validApplication(a.url), a.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.body).toBe(ALREADY_SEER);
  });
});
