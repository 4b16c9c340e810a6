import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../test/s3";
import { fixtures } from "../../test/uploads";
import { ID_DOCUMENT_TYPES, PROFILE_PHOTO_TYPES, judgeFileType } from "./file-types";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import { MissingFileError, type FileStorage } from "./storage";

const dir = mkdtempSync(path.join(os.tmpdir(), "seer-storage-"));
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("judgeFileType", () => {
  it("names the real type of accepted content and refuses the rest", async () => {
    expect(await judgeFileType(fixtures.pdf(), ID_DOCUMENT_TYPES)).toEqual({ mimeType: "application/pdf", extension: "pdf" });
    expect(await judgeFileType(fixtures.jpeg(), ID_DOCUMENT_TYPES)).toEqual({ mimeType: "image/jpeg", extension: "jpg" });
    expect(await judgeFileType(fixtures.png(), ID_DOCUMENT_TYPES)).toEqual({ mimeType: "image/png", extension: "png" });
    expect(await judgeFileType(fixtures.elf(), ID_DOCUMENT_TYPES)).toBeNull();
    expect(await judgeFileType(fixtures.mz(), ID_DOCUMENT_TYPES)).toBeNull();
    expect(await judgeFileType(Buffer.alloc(0), ID_DOCUMENT_TYPES)).toBeNull();
  });

  it("accepts only JPEG and PNG for profile photos", async () => {
    expect(await judgeFileType(fixtures.png(), PROFILE_PHOTO_TYPES)).toMatchObject({ mimeType: "image/png" });
    expect(await judgeFileType(fixtures.jpeg(), PROFILE_PHOTO_TYPES)).toMatchObject({ mimeType: "image/jpeg" });
    expect(await judgeFileType(fixtures.pdf(), PROFILE_PHOTO_TYPES)).toBeNull();
  });
});

/**
 * Every adapter keeps the same promises, so callers never need to know which one is configured.
 * `working` stores for real; `broken` fails every I/O it attempts, so that a refusal it gives came before any I/O.
 */
const adapters: { name: string; working: () => FileStorage; broken: () => FileStorage }[] = [
  {
    name: "local disk",
    working: () => createLocalStorage(dir),
    broken: () => {
      // A folder inside a regular file: every mkdir, stat and open fails with ENOTDIR.
      const file = path.join(dir, "not-a-folder");
      writeFileSync(file, "");
      return createLocalStorage(path.join(file, "uploads"));
    },
  },
  {
    name: "S3 (s3rver)",
    working: () => createS3Storage(s3.options),
    // Nothing listens on port 1: every request fails to connect.
    broken: () => createS3Storage({ ...s3.options, endpoint: "http://127.0.0.1:1" }),
  },
];

describe.each(adapters)("file storage contract: $name", ({ working, broken }) => {
  it("stores under a new random key and reads back the exact bytes", async () => {
    const storage = working();
    const key = await storage.put(fixtures.pdf());
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const other = await storage.put(fixtures.png());
    expect(other).not.toBe(key);
    expect((await bytesOf(await storage.open(key))).equals(fixtures.pdf())).toBe(true);
    expect((await bytesOf(await storage.open(other))).equals(fixtures.png())).toBe(true);
  });

  it("round-trips 1 MB of arbitrary bytes", async () => {
    const storage = working();
    const content = randomBytes(1024 * 1024);
    const key = await storage.put(content);
    const read = await bytesOf(await storage.open(key));
    expect(read.length).toBe(content.length);
    expect(read.equals(content)).toBe(true);
  });

  it("rejects opening a removed or never-stored key as missing, and removing twice is fine", async () => {
    const storage = working();
    const key = await storage.put(fixtures.jpeg());
    await storage.remove(key);
    await expect(storage.open(key)).rejects.toBeInstanceOf(MissingFileError);
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.open(randomUUID())).rejects.toBeInstanceOf(MissingFileError);
  });

  it("refuses any key that is not one of its own before any I/O", async () => {
    const storage = broken();
    // The broken storage does fail real I/O, so the refusals below cannot come from it.
    await expect(storage.open(randomUUID())).rejects.not.toThrow("Invalid storage key");
    for (const key of ["../../etc/passwd", "/etc/passwd", "..", "a/b", "", `${randomUUID()}/x`, randomUUID().toUpperCase()]) {
      await expect(storage.open(key)).rejects.toThrow("Invalid storage key");
      await expect(storage.remove(key)).rejects.toThrow("Invalid storage key");
      await expect(working().open(key)).rejects.toThrow("Invalid storage key");
    }
  });
});

describe("local storage", () => {
  it("keeps files inside its folder", async () => {
    const storage = createLocalStorage(dir);
    const key = await storage.put(fixtures.pdf());
    expect(readdirSync(dir, { recursive: true, encoding: "utf8" }).some((f) => f.endsWith(key))).toBe(true);
    await storage.remove(key);
    expect(readdirSync(dir, { recursive: true, encoding: "utf8" }).some((f) => f.endsWith(key))).toBe(false);
  });
});

describe("S3 storage", () => {
  it("writes each file as one object named by its key in the bucket", async () => {
    const storage = createS3Storage(s3.options);
    const key = await storage.put(fixtures.pdf());
    const objects = () => readdirSync(s3.directory, { recursive: true, encoding: "utf8" });
    expect(objects().some((f) => f.includes(key))).toBe(true);
    await storage.remove(key);
    expect(objects().some((f) => f.includes(key))).toBe(false);
  });

  it("makes short-lived download links of 1 s to 1 hour", async () => {
    const storage = createS3Storage(s3.options);
    const key = await storage.put(fixtures.png());
    const url = new URL(await storage.presignedUrl(key, 60));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("60");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(fixtures.png())).toBe(true);
    await expect(storage.presignedUrl(key, 0)).rejects.toThrow(RangeError);
    await expect(storage.presignedUrl(key, 3601)).rejects.toThrow(RangeError);
    await expect(storage.presignedUrl("../x", 60)).rejects.toThrow("Invalid storage key");
  });
});
