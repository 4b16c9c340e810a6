import type { Db } from "../../db/client";
import type { Clock } from "../platform/clock";
import type { Config } from "../platform/config";
import type { Mailer } from "../platform/mail";
import type { FileStorage } from "../platform/storage/local-storage";
import { createPaymentEvents } from "./payments/events";
import type { PaymentProvider } from "../platform/payments/provider";
import { createBookingService } from "./bookings/service";
import { createAdminService } from "./admin/service";
import { createArticleService } from "./articles/service";
import { createApplicationService } from "./applications/service";
import { createUploadService } from "./uploads/service";
import { createCartService } from "./shop/cart";
import { createCatalogService } from "./shop/catalog";
import { createOrderService } from "./shop/orders";
import { createProfileService } from "./account/profile";
import { createSeerService } from "./seers/service";
import { createSeerDashboardService } from "./seer-dashboard/service";
import { createUserService } from "./account/users";

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
