import { and, asc, eq } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Db } from "../../../db/client";
import { passkeys, recoveryCodes, totpCredentials } from "../../../db/schema";
import { PASSKEY_NOT_ACCEPTED, PASSKEY_NOT_FOUND } from "../../../src/domain/second-factor";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";

const RP_NAME = "Seer";

export interface PasskeyListItem {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): the relying party is the app's public URL (its host is the rpID, its
 * origin the only one accepted). Options are made here; the challenge they carry is kept by the caller in the
 * session (session.ts: one at a time, used once, 5 minutes) and handed back for the verification.
 */
export function createPasskeyService({
  db,
  clock,
  config,
  refreshSecondFactorAt,
}: {
  db: Db;
  clock: Clock;
  config: Pick<Config, "publicUrl">;
  refreshSecondFactorAt: (userId: string) => Promise<void>;
}) {
  const publicUrl = new URL(config.publicUrl);
  const rpID = publicUrl.hostname;
  const expectedOrigin = publicUrl.origin;

  const ownKeys = (userId: string) =>
    db
      .select({ id: passkeys.id, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .then((rows) => rows.map((r) => ({ id: r.id, transports: r.transports as AuthenticatorTransport[] })));

  async function listPasskeys(userId: string): Promise<PasskeyListItem[]> {
    return db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt));
  }

  /** What the browser's navigator.credentials.create needs; the person's passkeys are excluded (one per authenticator). */
  async function registrationOptions(user: { id: string; email: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: "none",
      excludeCredentials: await ownKeys(user.id),
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    });
  }

  /** Verifies the authenticator's answer against the session's challenge and keeps the credential. */
  async function addPasskey(
    userId: string,
    name: string,
    response: RegistrationResponseJSON,
    challenge: string | null,
  ): Promise<PasskeyListItem> {
    if (!challenge) throw new AppError("BAD_REQUEST", PASSKEY_NOT_ACCEPTED);
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin,
      expectedRPID: rpID,
    }).catch(() => null);
    if (!verified?.verified) throw new AppError("BAD_REQUEST", PASSKEY_NOT_ACCEPTED);
    const { credential } = verified.registrationInfo;
    const [row] = await db
      .insert(passkeys)
      .values({
        id: credential.id,
        userId,
        name,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt });
    if (!row) throw new AppError("CONFLICT", PASSKEY_NOT_ACCEPTED);
    await refreshSecondFactorAt(userId);
    return row;
  }

  /** Removes one of the person's passkeys (another's id answers as a missing one). */
  async function removePasskey(userId: string, id: string): Promise<{ ok: true }> {
    const gone = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    if (gone.length === 0) throw new AppError("NOT_FOUND", PASSKEY_NOT_FOUND);
    // The recovery codes go with the last second factor, as with the authenticator app.
    const [[key], [app]] = await Promise.all([
      db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1),
      db.select({ userId: totpCredentials.userId }).from(totpCredentials).where(eq(totpCredentials.userId, userId)),
    ]);
    if (!key && !app) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await refreshSecondFactorAt(userId);
    return { ok: true };
  }

  /** What navigator.credentials.get needs to sign in or confirm as `userId` with one of their passkeys. */
  async function authenticationOptions(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allowCredentials = await ownKeys(userId);
    if (allowCredentials.length === 0) throw new AppError("BAD_REQUEST", PASSKEY_NOT_FOUND);
    return generateAuthenticationOptions({ rpID, allowCredentials, userVerification: "preferred" });
  }

  /**
   * Whether the answer was signed by one of `userId`'s passkeys for the session's challenge; the passkey's counter
   * and last use are recorded. A counter that went backwards (a cloned authenticator) is refused by the library.
   */
  async function verifyPasskey(userId: string, response: AuthenticationResponseJSON, challenge: string | null): Promise<boolean> {
    if (!challenge) return false;
    const [key] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)));
    if (!key) return false;
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin,
      expectedRPID: rpID,
      credential: {
        id: key.id,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransport[],
      },
    }).catch(() => null);
    if (!verified?.verified) return false;
    await db
      .update(passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: clock.now() })
      .where(eq(passkeys.id, key.id));
    return true;
  }

  return { listPasskeys, registrationOptions, addPasskey, removePasskey, authenticationOptions, verifyPasskey };
}
