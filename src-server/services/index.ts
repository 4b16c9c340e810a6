import type { Db } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Mailer } from "../mail/mailer";
import { createCartService } from "./cart";
import { createUserService } from "./users";

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, "publicUrl">;
}

/** Built once per app and exposed as ctx.services, so procedures, REST shims, webhooks and scripts share them. */
export function createServices(deps: ServiceDeps) {
  return {
    users: createUserService(deps),
    cart: createCartService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
