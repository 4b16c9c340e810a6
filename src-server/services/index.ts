import type { Db } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Mailer } from "../mail/mailer";
import type { FileStorage } from "../storage/local-storage";
import { createPaymentEvents } from "../payments/events";
import type { PaymentProvider } from "../payments/provider";
import { createBookingService } from "./bookings";
import { createAdminService } from "./admin";
import { createArticleService } from "./articles";
import { createApplicationService } from "./applications";
import { createUploadService } from "./uploads";
import { createCartService } from "./cart";
import { createCatalogService } from "./catalog";
import { createOrderService } from "./orders";
import { createProfileService } from "./profile";
import { createSeerService } from "./seers";
import { createSeerDashboardService } from "./seer-dashboard";
import { createUserService } from "./users";

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, "publicUrl">;
  storage: FileStorage;
  payments: PaymentProvider;
}

/** Built once per app and exposed as ctx.services, so procedures, REST shims, webhooks and scripts share them. */
export function createServices(deps: ServiceDeps) {
  const uploads = createUploadService(deps);
  const bookings = createBookingService(deps);
  // Webhook and test-card events, routed by metadata.kind; orders register theirs with one line.
  const paymentEvents = createPaymentEvents({ db: deps.db, provider: deps.payments.name });
  paymentEvents.register("booking", {
    succeeded: (intent) => bookings.applySucceededIntent(intent),
    failed: bookings.applyFailedIntent,
  });
  const orders = createOrderService(deps);
  paymentEvents.register("order", { succeeded: orders.applySucceededIntent });
  return {
    uploads,
    bookings,
    payments: deps.payments,
    paymentEvents,
    applications: createApplicationService({ ...deps, uploads }),
    admin: createAdminService(deps),
    users: createUserService(deps),
    cart: createCartService(deps),
    catalog: createCatalogService(deps),
    orders,
    profile: createProfileService(deps),
    seers: createSeerService(deps),
    seerDashboard: createSeerDashboardService({ ...deps, uploads }),
    articles: createArticleService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
