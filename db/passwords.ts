/**
 * Password hashing, here so that both the seed (db/seed) and the server (src-server/platform/passwords.ts) may use it:
 * nothing in db/ imports the server.
 */
import { hash, verify } from "@node-rs/argon2";

// argon2id (algorithm 2) with OWASP's minimum parameters: 19 MiB, 2 iterations, 1 lane.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
