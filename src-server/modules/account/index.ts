import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import type { Currency } from "../../../src/domain/currencies";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { Mailer, Outbox } from "../../platform/mail";
import type { FileStorage } from "../../platform/storage/storage";
import type { SessionUser } from "../../platform/trpc/context";
import { chooseCurrency, displayMoney } from "./currency";
import { chooseLocale } from "./locale";
import type { Locale } from "../../../src/i18n/locales";
import { createProfileService } from "./profile";
import { createAdmin, setRoleByEmail } from "./roles";
import { createSecurityService } from "./security";
import { createUserService } from "./users";
import { createSecretBox } from "../../platform/secrets";
import { createDeviceNotes } from "./devices";
import { createPasskeyService } from "./passkeys";
import { createSecondFactorService } from "./second-factor";

export { accountRouter } from "./router";
export { registerAccountRoutes } from "./rest";
export { sessionCookieSigner } from "./cookie-signer";
export { SessionCache } from "./session-cache";
export { DbSessionStore, hashSessionId, SESSION_RENEW_WITHIN_MS, SESSION_TTL_MS } from "./session-store";

/** Sign-in (and its second step), sign-up, recovery and the profile's controls, the operator's admin creation and the /profile page's own lists. */
export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  outbox: Outbox;
  config: Pick<Config, "publicUrl" | "secretKey" | "sessionSecret">;
  storage: FileStorage;
  sessionsChanged?: (userId: string) => void;
}) {
  const users = createUserService(deps);
  const roles = { ...deps, sessionsChanged: deps.sessionsChanged ?? (() => {}) };
  const secondFactors = createSecondFactorService({ ...roles, box: createSecretBox(deps.config.secretKey) });
  return {
    ...users,
    setRoleByEmail: (email: string, role: Parameters<typeof setRoleByEmail>[2]) => setRoleByEmail(roles, email, role),
    createAdmin: (input: Parameters<typeof createAdmin>[1]) => createAdmin(roles, input),
    ...createProfileService(deps),
    ...createSecurityService({ ...deps, sendVerification: users.sendVerification }),
    ...secondFactors,
    ...createPasskeyService({ ...deps, refreshSecondFactorAt: secondFactors.refreshSecondFactorAt }),
    ...createDeviceNotes(deps),
    displayMoney: (user: SessionUser | null, req: FastifyRequest) => displayMoney(deps.db, user, req),
    chooseCurrency: (user: SessionUser | null, reply: FastifyReply, currency: Currency) =>
      chooseCurrency(deps.db, user, reply, currency),
    chooseLocale: (user: SessionUser | null, reply: FastifyReply, locale: Locale) => chooseLocale(deps.db, user, reply, locale),
  };
}
