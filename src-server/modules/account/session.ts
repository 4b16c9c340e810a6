import { SECOND_STEP_EXPIRED } from "../../../src/domain/second-factor";
import { AppError } from "../../../src/errors";
import { hashSessionId } from "./session-store";
import type { FastifyRequest } from "fastify";

/** How long the second step of a sign-in may wait after the password. */
const SECOND_STEP_MS = 10 * 60 * 1000;

/** A new session id at every sign-in (no fixation), carrying only the user id. */
export async function startSession(req: FastifyRequest, userId: string, now: Date): Promise<void> {
  await req.session.regenerate();
  req.session.set("userId", userId);
  req.session.set("renewedAt", now.getTime());
  // Signing in is a confirmation that it is them (requireFreshConfirmation, platform/trpc/init.ts).
  req.session.set("confirmedAt", now.getTime());
  // Shown in the profile's list of one's sessions.
  req.session.set("createdAt", now.getTime());
  const agent = req.headers["user-agent"];
  if (agent) req.session.set("userAgent", agent.slice(0, 300));
}

/** The password was right and the account has a second factor: the session waits for it, signed in to nobody. */
export async function startSecondStep(req: FastifyRequest, userId: string, now: Date): Promise<void> {
  await req.session.regenerate();
  req.session.set("pendingUserId", userId);
  req.session.set("pendingAt", now.getTime());
}

/** Whose sign-in waits for its second step in this session; refused when none does or it waited too long. */
export function pendingSecondStep(req: FastifyRequest, now: Date): string {
  const userId = req.session.get("pendingUserId");
  const since = req.session.get("pendingAt");
  if (!userId || since === undefined || now.getTime() - since > SECOND_STEP_MS)
    throw new AppError("UNAUTHORIZED", SECOND_STEP_EXPIRED);
  return userId;
}

/** How long a passkey challenge may wait for the authenticator's answer. */
const CHALLENGE_MS = 5 * 60 * 1000;

/** Keeps the challenge just given to this session (one at a time: a new one replaces the last). */
export function keepPasskeyChallenge(
  req: FastifyRequest,
  purpose: "register" | "authenticate",
  userId: string,
  value: string,
  now: Date,
): void {
  req.session.set("passkeyChallenge", { value, purpose, userId, expiresAt: now.getTime() + CHALLENGE_MS });
}

/** The session's challenge for `purpose` and `userId`, used up by this read; null when none, another, or expired. */
export function takePasskeyChallenge(
  req: FastifyRequest,
  purpose: "register" | "authenticate",
  userId: string,
  now: Date,
): string | null {
  const kept = req.session.get("passkeyChallenge");
  if (!kept) return null;
  req.session.set("passkeyChallenge", undefined);
  if (kept.purpose !== purpose || kept.userId !== userId || now.getTime() > kept.expiresAt) return null;
  return kept.value;
}

/** The session's owner proved again that it is them (password, code or passkey). */
export function confirmedNow(req: FastifyRequest, now: Date): void {
  req.session.set("confirmedAt", now.getTime());
}

/** The stored id (SHA-256) of the request's session, as the profile's session list names it. */
export const currentSessionId = (req: FastifyRequest): string => hashSessionId(req.session.sessionId);

export async function endSession(req: FastifyRequest): Promise<void> {
  if (req.session.get("userId") !== undefined || req.session.isSaved()) await req.session.destroy();
}
