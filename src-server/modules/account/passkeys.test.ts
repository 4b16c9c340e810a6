import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys, users } from "../../../db/schema";
import { createUser } from "../../../db/seed/factories";
import {
  CONFIRM_IT_IS_YOU,
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_NOT_FOUND,
  SECOND_STEP_EXPIRED,
} from "../../../src/domain/second-factor";
import { FakeClock } from "../../platform/clock";
import { createTestApp, sessionCookie, signIn, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";

const NOW = new Date("2026-11-27T10:00:00Z");
const ORIGIN = "http://localhost:3000"; // the test config's PUBLIC_URL
const PASSWORD = "passkey password 1";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
});
afterAll(async () => {
  await t.close();
});

/**
 * A software authenticator, as a browser's would answer (ES256, attestation "none"), enough to drive the server's
 * verification without a browser: it signs what it is given, for the origin and rpID it is told.
 */
function softwareAuthenticator(origin = ORIGIN, rpID = "localhost") {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = new Uint8Array(createHash("sha256").update(`${Math.random()}`).digest());
  const jwk = publicKey.export({ format: "jwk" });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, isoBase64URL.toBuffer(jwk.x ?? "")],
    [-3, isoBase64URL.toBuffer(jwk.y ?? "")],
  ]);
  let counter = 0;
  const rpIdHash = createHash("sha256").update(rpID).digest();
  const authData = (flags: number, extra: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, extra]);
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const id = isoBase64URL.fromBuffer(credentialId);
  return {
    id,
    register(challenge: string) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, isoCBOR.encode(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", new Uint8Array(authData(0x45, attested))],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData("webauthn.create", challenge)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ["internal"],
        },
      };
    },
    answer(challenge: string, { key = privateKey, from = origin }: { key?: KeyObject; from?: string } = {}) {
      counter++;
      const data = authData(0x05);
      const client = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: from, crossOrigin: false }));
      const signature = sign("sha256", Buffer.concat([data, createHash("sha256").update(client).digest()]), key);
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(client),
          authenticatorData: isoBase64URL.fromBuffer(data),
          signature: isoBase64URL.fromBuffer(signature),
        },
      };
    },
  };
}

async function person(email: string) {
  await createUser(t.database.db, { email }, { password: PASSWORD });
  return signIn(t.app, email, PASSWORD);
}

async function addPasskey(cookie: string, authenticator: ReturnType<typeof softwareAuthenticator>, name = "Laptop") {
  const { challenge } = trpcData<{ challenge: string }>(
    await trpcMutation(t.app, "account.passkeyRegistration", undefined, cookie),
  );
  return trpcMutation(t.app, "account.addPasskey", { name, response: authenticator.register(challenge) }, cookie);
}

const passwordStep = async (email: string) => {
  const res = await trpcMutation(t.app, "account.signIn", { email, password: PASSWORD });
  return { cookie: sessionCookie(res), answer: trpcData<{ secondStep?: { passkeys: boolean } }>(res) };
};

describe("passkeys", () => {
  it("are added with the session's challenge (once), bring recovery codes first, count as a second factor and answer sign-in's second step", async () => {
    const email = "passkey-person@example.com";
    const cookie = await person(email);
    const key = softwareAuthenticator();

    const options = trpcData<{ rp: { id: string }; challenge: string }>(
      await trpcMutation(t.app, "account.passkeyRegistration", undefined, cookie),
    );
    expect(options.rp.id).toBe("localhost");
    const added = await trpcMutation(
      t.app,
      "account.addPasskey",
      { name: "Laptop", response: key.register(options.challenge) },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(trpcData<{ recoveryCodes: string[] | null }>(added).recoveryCodes).toHaveLength(10);
    // The same answer again: its challenge was used up.
    const again = await trpcMutation(
      t.app,
      "account.addPasskey",
      { name: "Laptop", response: key.register(options.challenge) },
      cookie,
    );
    expect(trpcError(again).message).toBe(PASSKEY_NOT_ACCEPTED);
    const [row] = await t.database.db.select({ at: users.secondFactorAt }).from(users).where(eq(users.email, email));
    expect(row?.at).toBeInstanceOf(Date);
    expect(
      trpcData<{ name: string }[]>(await trpcQuery(t.app, "account.passkeys", undefined, cookie)).map((k) => k.name),
    ).toEqual(["Laptop"]);

    // Sign-in: the password, then the passkey's answer to the challenge this session was given.
    const { cookie: pending, answer } = await passwordStep(email);
    expect(answer.secondStep?.passkeys).toBe(true);
    const { challenge } = trpcData<{ challenge: string }>(
      await trpcMutation(t.app, "account.passkeyChallenge", undefined, pending),
    );
    const signedIn = await trpcMutation(t.app, "account.signInSecondStep", { passkey: key.answer(challenge) }, pending);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(trpcData<{ email: string }>(signedIn).email).toBe(email);
    const [stored] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, key.id));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).toEqual(NOW);
  });

  it("refuses an answer signed by another key, for another origin, or without this session's challenge", async () => {
    const email = "passkey-refused@example.com";
    const cookie = await person(email);
    const key = softwareAuthenticator();
    expect((await addPasskey(cookie, key)).statusCode).toBe(200);

    const { cookie: pending } = await passwordStep(email);
    const stranger = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    const challengeOf = async () =>
      trpcData<{ challenge: string }>(await trpcMutation(t.app, "account.passkeyChallenge", undefined, pending)).challenge;
    const wrongKey = await trpcMutation(
      t.app,
      "account.signInSecondStep",
      { passkey: key.answer(await challengeOf(), { key: stranger }) },
      pending,
    );
    expect(trpcError(wrongKey).message).toBe(PASSKEY_NOT_ACCEPTED);
    const wrongOrigin = await trpcMutation(
      t.app,
      "account.signInSecondStep",
      { passkey: key.answer(await challengeOf(), { from: "https://evil.example" }) },
      pending,
    );
    expect(trpcError(wrongOrigin).message).toBe(PASSKEY_NOT_ACCEPTED);
    // A challenge made up by the client, and one used already, are both refused.
    const madeUp = await trpcMutation(t.app, "account.signInSecondStep", { passkey: key.answer("bWFkZS11cA") }, pending);
    expect(trpcError(madeUp).message).toBe(PASSKEY_NOT_ACCEPTED);
    const challenge = await challengeOf();
    const first = await trpcMutation(t.app, "account.signInSecondStep", { passkey: key.answer(challenge) }, pending);
    expect(first.statusCode, first.body).toBe(200);
    // Nobody's second step waits in a fresh session: no challenge is given.
    const nobody = await trpcMutation(t.app, "account.passkeyChallenge", undefined);
    expect(trpcError(nobody).message).toBe(SECOND_STEP_EXPIRED);
  });

  it("confirm it's you, and are removed by their owner only (another's answers as a missing one)", async () => {
    const owner = await person("passkey-owner@example.com");
    const other = await person("passkey-other@example.com");
    const key = softwareAuthenticator();
    expect((await addPasskey(owner, key)).statusCode).toBe(200);
    const byOther = await trpcMutation(t.app, "account.removeSecondFactor", { kind: "passkey", id: key.id }, other);
    expect(byOther.statusCode).toBe(404);
    expect(trpcError(byOther).message).toBe(PASSKEY_NOT_FOUND);

    t.clock.set(new Date(NOW.getTime() + 11 * 60_000));
    const stale = await trpcMutation(t.app, "account.removeSecondFactor", { kind: "passkey", id: key.id }, owner);
    expect(trpcError(stale).message).toBe(CONFIRM_IT_IS_YOU);
    const { challenge } = trpcData<{ challenge: string }>(
      await trpcMutation(t.app, "account.passkeyChallenge", undefined, owner),
    );
    const confirmed = await trpcMutation(t.app, "account.confirm", { passkey: key.answer(challenge) }, owner);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const removed = await trpcMutation(t.app, "account.removeSecondFactor", { kind: "passkey", id: key.id }, owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(trpcData<unknown[]>(await trpcQuery(t.app, "account.passkeys", undefined, owner))).toEqual([]);
    t.clock.set(NOW);
  });
});
