import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../../db/schema";
import { createTestApp, signUp, type TestApp } from "../../test/app";
import { FILE_EMPTY, FILE_TOO_LARGE, UPLOAD_NOT_FOUND, UPLOAD_QUOTA_REACHED, uploadRules } from "./service";
import { fixtures, multipart, uploadIdDocument } from "../../test/uploads";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every file under the upload folder, relative to it. */
function storedFiles(dir = t.uploadDir): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => statSync(path.join(dir, name)).isFile());
}
const rowsOf = async (userId: string) => t.database.db.select().from(uploads).where(eq(uploads.userId, userId));
const meId = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json<{ id: string }>().id;

describe("POST /api/upload/id-document", () => {
  it("refuses visitors with 401 and stores nothing", async () => {
    const before = storedFiles().length;
    const response = await uploadIdDocument(t.app, undefined, { filename: "id.pdf", content: fixtures.pdf() });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe("Unauthorized");
    expect(storedFiles()).toHaveLength(before);
  });

  it("accepts a PDF, a JPEG and a PNG and answers an app URL served only through the authorized route", async () => {
    const { cookie } = await signUp(t.app);
    for (const [filename, content, mime] of [
      ["passport.pdf", fixtures.pdf(), "application/pdf"],
      ["licence.jpg", fixtures.jpeg(), "image/jpeg"],
      ["card.png", fixtures.png(), "image/png"],
    ] as const) {
      const response = await uploadIdDocument(t.app, cookie, { filename, content });
      expect(response.statusCode, response.body).toBe(200);
      const { url } = response.json<{ url: string }>();
      expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
      const read = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.headers["content-type"]).toBe(mime);
      expect(read.headers["x-content-type-options"]).toBe("nosniff");
      expect(read.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(read.headers["cache-control"]).toBe("private, no-store");
      expect(read.headers["content-disposition"]).toMatch(/^inline; filename="id-document\.(pdf|jpg|png)"$/);
      expect(read.rawPayload.equals(content)).toBe(true);
    }
  });

  it("accepts a file of exactly 10 MB", async () => {
    const { cookie } = await signUp(t.app);
    const content = fixtures.pdf(uploadRules["id-document"].maxBytes);
    const response = await uploadIdDocument(t.app, cookie, { filename: "big.pdf", content });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await rowsOf(await meId(cookie));
    expect(row?.sizeBytes).toBe(10 * 1024 * 1024);
  });

  it("refuses a 10 MB + 1 byte file with 413 and a clear message, storing nothing", async () => {
    const { cookie } = await signUp(t.app);
    const before = storedFiles().length;
    const response = await uploadIdDocument(t.app, cookie, { filename: "big.pdf", content: fixtures.pdf(10 * 1024 * 1024 + 1) });
    expect(response.statusCode).toBe(413);
    expect(response.body).toBe(FILE_TOO_LARGE);
    expect(storedFiles()).toHaveLength(before);
    expect(await rowsOf(await meId(cookie))).toHaveLength(0);
  });

  it("refuses an empty file", async () => {
    const { cookie } = await signUp(t.app);
    const response = await uploadIdDocument(t.app, cookie, { filename: "empty.pdf", content: Buffer.alloc(0) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(FILE_EMPTY);
    expect(await rowsOf(await meId(cookie))).toHaveLength(0);
  });

  it("judges by content: renamed executables and text are refused whatever their name and declared type", async () => {
    const { cookie } = await signUp(t.app);
    const before = storedFiles().length;
    for (const [filename, content] of [
      ["x.pdf", fixtures.elf()],
      ["setup.pdf", fixtures.mz()],
      ["photo.jpg", fixtures.mz()],
      ["notes.png", Buffer.from("just some text, not an image")],
      ["page.pdf", Buffer.from("<html><script>alert(1)</script></html>")],
    ] as const) {
      const response = await uploadIdDocument(t.app, cookie, { filename, content, contentType: "application/pdf" });
      expect(response.statusCode, filename).toBe(422);
      expect(response.body).toBe("Only JPEG, PNG or PDF files are accepted for the ID document.");
    }
    expect(storedFiles()).toHaveLength(before);
    expect(await rowsOf(await meId(cookie))).toHaveLength(0);
  });

  it("stores a PNG declared as a PDF as what it is: image/png (content decides, not the name or declared type)", async () => {
    const { cookie } = await signUp(t.app);
    const response = await uploadIdDocument(t.app, cookie, {
      filename: "scan.pdf",
      content: fixtures.png(),
      contentType: "application/pdf",
    });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(await meId(cookie));
    expect(row?.mimeType).toBe("image/png");
    const read = await t.app.inject({ method: "GET", url: response.json<{ url: string }>().url, headers: { cookie } });
    expect(read.headers["content-type"]).toBe("image/png");
    expect(read.headers["content-disposition"]).toBe('inline; filename="id-document.png"');
  });

  it("stores a path-traversal file name under a random key inside the upload folder", async () => {
    const { cookie } = await signUp(t.app);
    const response = await uploadIdDocument(t.app, cookie, { filename: "../../etc/passwd.pdf", content: fixtures.pdf() });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(await meId(cookie));
    expect(row?.storageKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(row?.originalName).toBe("passwd.pdf");
    const files = storedFiles();
    expect(files.some((f) => f.endsWith(row?.storageKey ?? "?"))).toBe(true);
    for (const f of files) expect(path.basename(f)).toMatch(/^[0-9a-f-]{36}$/);
    const read = await t.app.inject({ method: "GET", url: response.json<{ url: string }>().url, headers: { cookie } });
    expect(read.headers["content-disposition"]).toBe('inline; filename="id-document.pdf"');
  });

  it("wants the file in the idDocument field of a multipart body", async () => {
    const { cookie } = await signUp(t.app);
    const body = multipart("document", "id.pdf", "application/pdf", fixtures.pdf());
    const wrongField = await t.app.inject({
      method: "POST",
      url: "/api/upload/id-document",
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.body).toBe("Send the file in the field idDocument.");
    const json = await t.app.inject({
      method: "POST",
      url: "/api/upload/id-document",
      headers: { cookie, "content-type": "application/json" },
      payload: "{}",
    });
    expect(json.statusCode).toBe(400);
  });
  it("answers a 4xx, never a 500, to malformed or overfull multipart bodies", async () => {
    const { cookie } = await signUp(t.app);
    const boundary = "----seer-test-boundary-7d93a1";
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 x\r\n`;
    const headers = { cookie, "content-type": `multipart/form-data; boundary=${boundary}` };
    const twoFiles = await t.app.inject({
      method: "POST",
      url: "/api/upload/id-document",
      headers,
      payload: `${part("idDocument")}${part("idDocument")}--${boundary}--\r\n`,
    });
    expect(twoFiles.statusCode, twoFiles.body).toBeLessThan(500);
    const manyParts = await t.app.inject({
      method: "POST",
      url: "/api/upload/id-document",
      headers,
      payload: `${Array.from({ length: 10 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join("")}${part("idDocument")}--${boundary}--\r\n`,
    });
    expect(manyParts.statusCode).toBeGreaterThanOrEqual(400);
    expect(manyParts.statusCode, manyParts.body).toBeLessThan(500);
    const garbage = await t.app.inject({
      method: "POST",
      url: "/api/upload/id-document",
      headers,
      payload: "not multipart at all",
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode, garbage.body).toBeLessThan(500);
  });
});

describe("the daily upload quota", () => {
  it("refuses the 21st file of a day with 429, and counts bytes too; the next day is open again", async () => {
    const { cookie } = await signUp(t.app);
    for (let i = 0; i < 20; i++) {
      const ok = await uploadIdDocument(t.app, cookie, { filename: `doc-${i}.pdf`, content: fixtures.pdf() });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const refused = await uploadIdDocument(t.app, cookie, { filename: "one-more.pdf", content: fixtures.pdf() });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(UPLOAD_QUOTA_REACHED);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await uploadIdDocument(t.app, cookie, { filename: "tomorrow.pdf", content: fixtures.pdf() })).statusCode).toBe(200);

    const big = await signUp(t.app);
    for (let i = 0; i < 5; i++) {
      const ok = await uploadIdDocument(t.app, big.cookie, { filename: `big-${i}.pdf`, content: fixtures.pdf(10 * 1024 * 1024) });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const overBytes = await uploadIdDocument(t.app, big.cookie, { filename: "big-6.pdf", content: fixtures.pdf(1024) });
    expect(overBytes.statusCode).toBe(429);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "lets exactly 20 of 30 parallel uploads through, never more (real PostgreSQL)",
    { timeout: 60_000 },
    async () => {
      const { cookie } = await signUp(t.app);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => uploadIdDocument(t.app, cookie, { filename: `race-${i}.pdf`, content: fixtures.pdf() })),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(20);
      expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(10);
    },
  );
});

describe("GET /api/uploads/:id", () => {
  it("lets the uploader and admins read a document; anyone else gets the same 404 as for a missing one", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const admin = await signUp(t.app);
    await t.app.services.account.setRoleByEmail(admin.email, "admin");
    const { url } = (await uploadIdDocument(t.app, owner.cookie, { filename: "id.pdf", content: fixtures.pdf() })).json<{
      url: string;
    }>();

    expect((await t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const foreign = await t.app.inject({ method: "GET", url, headers: { cookie: other.cookie } });
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/uploads/00000000-0000-4000-8000-000000000000",
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.body).toBe(UPLOAD_NOT_FOUND);
    expect(missing.body).toBe(foreign.body);
    const visitor = await t.app.inject({ method: "GET", url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain("%PDF");
  });

  it("never serves the upload folder as static files", async () => {
    const { cookie } = await signUp(t.app);
    await uploadIdDocument(t.app, cookie, { filename: "id.pdf", content: fixtures.pdf() });
    const [row] = await rowsOf(await meId(cookie));
    for (const guess of [
      `/uploads/${row?.storageKey}`,
      `/api/uploads/${row?.storageKey}`,
      `/api/uploads/..%2F..%2F${row?.storageKey}`,
    ]) {
      const response = await t.app.inject({ method: "GET", url: guess, headers: { cookie } });
      expect(response.statusCode, guess).toBe(404);
    }
  });
});
