import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../../db/schema";
import { createUser } from "../../../db/seed/factories";
import { contactTexts } from "../../../src/schemas/contact";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";

let t: TestApp;
let adminCookie: string;
let adminEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  adminEmail = "inbox-admin@example.com";
  await createUser(t.database.db, { email: adminEmail, role: "admin" }, { password: "an admin's long password" });
  adminCookie = await signIn(t.app, adminEmail, "an admin's long password");
});
afterAll(async () => {
  await t.close();
});

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Akosua Mensah",
  email: "Akosua@Example.com",
  subject: "My reading was moved",
  message: "Hello, my session with the Seer was moved and I would like to know why.",
  ...overrides,
});
const sendFrom = (ip: string, body: unknown, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/trpc/contact.send",
    remoteAddress: ip,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ json: body }),
  });

describe("the contact form", () => {
  it("stores the message and mails every admin once, with the sender as the reply address", async () => {
    const response = await sendFrom("198.51.100.1", message());
    expect(response.statusCode).toBe(200);
    const { id } = trpcData<{ id: string }>(response);
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({ name: "Akosua Mensah", email: "akosua@example.com", status: "new", userId: null });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const mails = t.mailer.sent.filter((m) => m.subject === "Contact form: My reading was moved");
    expect(mails).toEqual([expect.objectContaining({ to: adminEmail, replyTo: "akosua@example.com" })]);
    expect(mails[0]?.text).toContain("I would like to know why.");
  });

  it("keeps a signed-in sender's account with the message", async () => {
    const { cookie, email } = await signUp(t.app, { email: "writer@example.com" });
    const { id } = trpcData<{ id: string }>(await sendFrom("198.51.100.2", message({ email }), cookie));
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored?.userId).toEqual(expect.any(String));
  });

  it("refuses an empty field or a bad address with a clear message, and stores nothing", async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const empty = await sendFrom("198.51.100.3", message({ subject: "   " }));
    expect(empty.statusCode).toBe(400);
    expect(trpcError(empty).message).toContain(contactTexts.subject);
    expect((await sendFrom("198.51.100.3", message({ email: "not an address" }))).statusCode).toBe(400);
    expect((await sendFrom("198.51.100.3", message({ message: "x".repeat(5001) }))).statusCode).toBe(400);
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("takes 5 messages an hour from one address, then refuses with a clear message", async () => {
    for (let i = 0; i < 5; i++) expect((await sendFrom("198.51.100.9", message({ subject: `Try ${i}` }))).statusCode).toBe(200);
    const refused = await sendFrom("198.51.100.9", message({ subject: "Try 5" }));
    expect(refused.statusCode).toBe(429);
    expect(trpcError(refused).message).toBe(contactTexts.tooMany);
    t.clock.advance(61 * 60 * 1000);
    expect((await sendFrom("198.51.100.9", message({ subject: "Try 6" }))).statusCode).toBe(200);
  });

  it("answers the REST path too", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "198.51.100.20",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(message({ subject: "Through REST" })),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("the admins' inbox", () => {
  it("lists messages newest first, filters by status, and records who handled one and when", async () => {
    const { id } = trpcData<{ id: string }>(await sendFrom("198.51.100.30", message({ subject: "Newest of all" })));
    const all = trpcData<{ id: string; subject: string; status: string }[]>(await trpcQuery(t.app, "contact.list", {}, adminCookie));
    expect(all[0]).toMatchObject({ id, subject: "Newest of all", status: "new" });
    const replied = await trpcMutation(t.app, "contact.setStatus", { id, status: "replied" }, adminCookie);
    expect(trpcData(replied)).toEqual({ id, status: "replied" });
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored?.handledBy).toEqual(expect.any(String));
    expect(stored?.handledAt).toEqual(t.clock.now());
    const onlyNew = trpcData<{ id: string }[]>(await trpcQuery(t.app, "contact.list", { status: "new" }, adminCookie));
    expect(onlyNew.map((m) => m.id)).not.toContain(id);
    const missing = await trpcMutation(t.app, "contact.setStatus", { id: "no-such-message", status: "closed" }, adminCookie);
    expect(missing.statusCode).toBe(404);
  });

  it("is for admins only", async () => {
    const { cookie } = await signUp(t.app, { email: "curious@example.com" });
    expect((await trpcQuery(t.app, "contact.list", {}, cookie)).statusCode).toBe(403);
    expect((await trpcQuery(t.app, "contact.list", {})).statusCode).toBe(401);
  });
});
