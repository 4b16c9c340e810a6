import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A person's authenticator app (TOTP). `secret` is encrypted with SECRET_KEY (src-server/platform/secrets.ts);
 * it counts only once confirmed by a first code. `lastUsedStep` is the last 30-second step accepted: a code of that
 * step or an earlier one is refused, so a code works once.
 */
export const totpCredentials = pgTable("totp_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: at("confirmed_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes, shown once and kept as argon2 hashes; a used one keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Passkeys (WebAuthn credentials): the credential id (base64url) and its public key (base64url COSE). */
export const passkeys = pgTable(
  "passkeys",
  {
    id: varchar("id", { length: 1024 }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/** The devices (the SHA-256 of a signed, long-lived device cookie) an account has signed in from. */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: varchar("device_hash", { length: 64 }).notNull(),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "known_devices_pk", columns: [t.userId, t.deviceHash] })],
);
