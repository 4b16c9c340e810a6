import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserRole } from "../../../db/schema";
import type { Locale } from "../../../src/i18n/locales";
import type { Clock } from "../clock";

/** The signed-in user as every procedure sees it: never a password hash. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  /** Whether the address was confirmed through a mailed link: paying, applying as a Seer and publishing need it. */
  emailVerified: boolean;
  /** Whether the person has a second factor (an authenticator app or a passkey): admins need one for the console. */
  secondFactor: boolean;
}

/**
 * The app's services. Declared empty here and filled in by `src-server/modules/index.ts` through declaration
 * merging, so that the platform imports no module while procedures still see every service typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface AppServices {}

export interface Context {
  services: AppServices;
  clock: Clock;
  user: SessionUser | null;
  req: FastifyRequest;
  res: FastifyReply;
  /** The language the request is answered in: its refusals and zod's messages (platform/i18n.ts `requestLocale`). */
  locale: Locale;
}

/** Builds a request's context: the user is loaded once, from the session, and narrowed by the procedure ladder. */
export type CreateContext = (req: FastifyRequest, res: FastifyReply) => Promise<Context>;

declare module "fastify" {
  interface FastifyInstance {
    /** Decorated by app.ts; REST shims and the tRPC adapter build their context through it. */
    createContext: CreateContext;
  }
}
