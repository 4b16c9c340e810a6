import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../../db/schema";
import { createS3Storage } from "../../platform/storage/s3-storage";
import { createTestApp, signUp, type TestApp } from "../../test/app";
import { startLocalS3, type LocalS3 } from "../../test/s3";
import { fixtures, uploadIdDocument } from "../../test/uploads";
import { UPLOAD_NOT_FOUND } from "./service";

let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ storage: createS3Storage(s3.options) });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" });

describe("uploads with S3 storage", () => {
  it("stores an ID document in the bucket and serves it only through the authorized route", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const content = fixtures.pdf(200_000);
    const response = await uploadIdDocument(t.app, owner.cookie, { filename: "passport.pdf", content });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();

    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, url.split("/").pop() ?? ""));
    const key = row?.storageKey ?? "missing row";
    expect(filesUnder(s3.directory).some((f) => f.includes(key))).toBe(true);
    expect(filesUnder(t.uploadDir)).toEqual([]);

    const read = await t.app.inject({ method: "GET", url, headers: { cookie: owner.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("application/pdf");
    expect(read.headers["content-length"]).toBe(String(content.length));
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect(read.rawPayload.equals(content)).toBe(true);

    const foreign = await t.app.inject({ method: "GET", url, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(UPLOAD_NOT_FOUND);
    const visitor = await t.app.inject({ method: "GET", url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain("%PDF");
  });

  it("answers 404 for a recorded upload whose object is gone, as for a missing file on disk", async () => {
    const { cookie } = await signUp(t.app);
    const { url } = (await uploadIdDocument(t.app, cookie, { filename: "id.png", content: fixtures.png() })).json<{
      url: string;
    }>();
    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, url.split("/").pop() ?? ""));
    expect(row).toBeDefined();
    expect((await t.app.inject({ method: "GET", url, headers: { cookie } })).statusCode).toBe(200);
    await createS3Storage(s3.options).remove(row?.storageKey ?? "");

    const gone = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(UPLOAD_NOT_FOUND);
  });
});
