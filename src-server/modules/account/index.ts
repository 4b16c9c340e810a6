import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import { createProfileService } from "./profile";
import { createUserService } from "./users";

export { accountRouter } from "./router";
export { registerAccountRoutes } from "./rest";
export { DbSessionStore, SESSION_RENEW_WITHIN_MS, SESSION_TTL_MS } from "./session-store";

/** Sign-in, sign-up, the operator's admin creation and the /profile page's own lists. */
export function createAccountService(deps: { db: Db; clock: Clock }) {
  return { ...createUserService(deps), ...createProfileService(deps) };
}
