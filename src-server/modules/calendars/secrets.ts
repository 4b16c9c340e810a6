import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * A CalDAV password at rest: AES-256-GCM under the configured calendar key (CALENDAR_SECRET_KEY), stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, a fresh 12-byte IV each time.
 */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The password, or null when it cannot be read (another key, or changed): the calendar then shows an error. */
export function decryptSecret(key: Buffer, stored: string): string | null {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
