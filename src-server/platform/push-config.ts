import { createECDH, hkdfSync } from "node:crypto";

export interface PushConfig {
  /** base64url: the public key (65 bytes, uncompressed P-256 point) browsers subscribe with, and its private key. */
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our sends (VAPID_SUBJECT, else the site's address). */
  subject: string;
  /** Whether an endpoint may be a loopback or private address (tests' fake push service); never by default in production. */
  allowPrivateAddresses: boolean;
}

/** The development VAPID key's seed, when VAPID_PRIVATE_KEY is unset outside production. */
const DEV_VAPID_SEED = "seer-marketplace development VAPID key, never used in production";

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else a key pair derived from a fixed development seed (outside production)
 * or from the first SESSION_SECRET (production; set the keys there: a new pair makes every device opt in again).
 * Derived, not random, so that every instance and every restart signs with the key the browsers subscribed with.
 */
export function pushConfig(
  env: "development" | "production" | "test",
  options: {
    publicKey?: string;
    privateKey?: string;
    subject?: string;
    allowPrivate?: "true" | "false";
    sessionSecret?: string;
    publicUrl: string;
  },
): PushConfig {
  let { publicKey, privateKey } = options;
  if (!publicKey || !privateKey) {
    const seed = env === "production" ? (options.sessionSecret ?? "") : DEV_VAPID_SEED;
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(hkdfSync("sha256", seed, "", "seer-vapid", 32)));
    publicKey = ecdh.getPublicKey().toString("base64url");
    privateKey = ecdh.getPrivateKey().toString("base64url");
  }
  return {
    publicKey,
    privateKey,
    subject: options.subject ?? (options.publicUrl.startsWith("https://") ? options.publicUrl : "mailto:support@seer.example"),
    allowPrivateAddresses: options.allowPrivate === undefined ? env !== "production" : options.allowPrivate === "true",
  };
}
