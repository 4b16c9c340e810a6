import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets kept in the database (authenticator apps' TOTP secrets) are sealed with AES-256-GCM under a key made from
 * SECRET_KEY (config.secretKey): a leaked table alone opens nothing. The sealed form is
 * `v1.<iv>.<tag>.<ciphertext>`, each base64url, so that another key version can come later.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(secretKey: string): SecretBox {
  const key = createHash("sha256").update(`seer secret box\u0000${secretKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || iv === undefined || tag === undefined || body === undefined) throw new Error("Not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
