import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtures } from "../../test/uploads";
import { ID_DOCUMENT_TYPES, PROFILE_PHOTO_TYPES, judgeFileType } from "./file-types";
import { createLocalStorage } from "./local-storage";

const dir = mkdtempSync(path.join(os.tmpdir(), "seer-storage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

describe("local storage", () => {
  it("writes under random keys inside its folder and reads them back", async () => {
    const storage = createLocalStorage(dir);
    const key = await storage.put(fixtures.pdf());
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(fixtures.pdf())).toBe(true);
    expect(readdirSync(dir, { recursive: true, encoding: "utf8" }).some((f) => f.endsWith(key))).toBe(true);
    await storage.remove(key);
    await expect(storage.open(key)).rejects.toThrow();
  });

  it("refuses any key that is not one of its own", async () => {
    const storage = createLocalStorage(dir);
    for (const key of ["../../etc/passwd", "/etc/passwd", "..", "a/b", ""]) {
      await expect(storage.open(key)).rejects.toThrow("Invalid storage key");
      await expect(storage.remove(key)).rejects.toThrow("Invalid storage key");
    }
  });
});
