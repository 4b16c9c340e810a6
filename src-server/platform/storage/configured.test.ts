import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../test/s3";
import { fixtures } from "../../test/uploads";
import { ConfigError, loadConfig } from "../config";
import { createConfiguredStorage } from ".";
import { createS3Storage } from "./s3-storage";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-config-"));
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3("seer-configured");
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const base = { SESSION_SECRET: "a-session-secret-of-at-least-32-characters", DATA_DIR: dataDir };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("storage configuration", () => {
  it("is local disk by default (and when STORAGE is empty)", () => {
    expect(load({}).storage).toEqual({ kind: "local" });
    expect(load({ STORAGE: "" }).storage).toEqual({ kind: "local" });
    expect(load({ STORAGE: "local", S3_BUCKET: "ignored" }).storage).toEqual({ kind: "local" });
  });

  it("reads the S3 variables, with us-east-1, the SDK's credential chain and virtual-host style by default", () => {
    expect(load({ STORAGE: "s3", S3_BUCKET: "seer-uploads" }).storage).toEqual({
      kind: "s3",
      bucket: "seer-uploads",
      region: "us-east-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      load({
        STORAGE: "s3",
        S3_BUCKET: "seer-uploads",
        S3_REGION: "auto",
        S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
        S3_ACCESS_KEY_ID: "key-id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "seer-uploads",
      region: "auto",
      endpoint: "https://account.r2.cloudflarestorage.com",
      credentials: { accessKeyId: "key-id", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
  });

  it("refuses S3 without a bucket, half a key, and values it does not know, naming the variable", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        load(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).message;
      }
      throw new Error(`${JSON.stringify(env)} was accepted`);
    };
    expect(refusal({ STORAGE: "s3" })).toContain("S3_BUCKET");
    expect(refusal({ STORAGE: "s3", S3_BUCKET: " " })).toContain("S3_BUCKET");
    expect(refusal({ STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toContain("S3_SECRET_ACCESS_KEY");
    expect(refusal({ STORAGE: "s3", S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: "secret" })).toContain("S3_ACCESS_KEY_ID");
    expect(refusal({ STORAGE: "gcs" })).toContain("STORAGE");
    expect(refusal({ STORAGE: "s3", S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "yes" })).toContain("S3_FORCE_PATH_STYLE");
    expect(refusal({ STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })).toContain("S3_ENDPOINT");
  });
});

describe("createConfiguredStorage", () => {
  it("stores under the upload folder when local", async () => {
    const config = load({});
    const key = await createConfiguredStorage(config).put(fixtures.pdf());
    expect(readdirSync(config.uploadDir, { recursive: true, encoding: "utf8" }).some((f) => f.endsWith(key))).toBe(true);
  });

  it("stores in the configured bucket when S3", async () => {
    const { bucket, region, endpoint = "", credentials } = s3.options;
    const config = load({
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials?.accessKeyId ?? "",
      S3_SECRET_ACCESS_KEY: credentials?.secretAccessKey ?? "",
      S3_FORCE_PATH_STYLE: "true",
    });
    const key = await createConfiguredStorage(config).put(fixtures.png());
    // Read back by a separate client of the same bucket: the bytes are in the object store, not on local disk.
    expect((await bytesOf(await createS3Storage(s3.options).open(key))).equals(fixtures.png())).toBe(true);
    expect(readdirSync(config.uploadDir, { recursive: true, encoding: "utf8" }).some((f) => f.endsWith(key))).toBe(false);
  });
});
