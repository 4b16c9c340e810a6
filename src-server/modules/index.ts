import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { Clock } from "../platform/clock";
import type { Config } from "../platform/config";
import type { Relay } from "../platform/relay";
import type { JobQueue } from "../platform/jobs";
import { createOutbox, type Mailer } from "../platform/mail";
import type { PaymentProvider } from "../platform/payments/provider";
import type { PayoutRails } from "../platform/payouts/rail";
import { createPushSender, type PushSender } from "../platform/push";
import { pushConfig } from "../platform/push-config";
import { createSmsOutbox, createSmsSender, type SmsSender } from "../platform/sms";
import type { FileStorage } from "../platform/storage/storage";
import { router } from "../platform/trpc/init";
import { accountRouter, createAccountService, registerAccountRoutes } from "./account";
import { adminRouter, createAdminService, registerAdminRoutes } from "./admin";
import { applicationsRouter, createApplicationService, registerApplicationRoutes } from "./applications";
import { articlesRouter, createArticleService, registerArticleRoutes } from "./articles";
import { contactRouter, createContactService, registerContactRoutes } from "./contact";
import { bookingsRouter, createBookingService, registerBookingRoutes } from "./bookings";
import { calendarsRouter, createCalendarService, registerCalendarRoutes } from "./calendars";
import { createPaymentService, paymentsRouter, registerLocalCardRoutes, registerPaymentWebhooks } from "./payments";
import { createSeerDashboardService, registerSeerDashboardRoutes, seerDashboardRouter } from "./seer-dashboard";
import { createSeerService, registerSeerRoutes, seersRouter } from "./seers";
import {
  cartRouter,
  createCartService,
  createOrderService,
  createShopService,
  ordersRouter,
  registerShopRoutes,
  shopRouter,
} from "./shop";
import { createConversations, createMeetingService, meetingsRouter, messagesRouter, registerMeetingSocket } from "./meetings";
import { createPageService, registerPageRoutes } from "./pages";
import { createPayoutService, payoutsRouter, registerPayoutWebhooks, seerBookingLedger } from "./payouts";
import { createUploadService, registerUploadRoutes } from "./uploads";
import { createVendorService, vendorsRouter } from "./vendors";
import { createPushService, pushRouter } from "./push";
import { createPhoneService, phoneRouter } from "./phone";

/** Every procedure, under its domain's word (docs/architecture.md). The client imports only this type. */
export const appRouter = router({
  account: accountRouter,
  seers: seersRouter,
  bookings: bookingsRouter,
  payments: paymentsRouter,
  shop: shopRouter,
  cart: cartRouter,
  orders: ordersRouter,
  applications: applicationsRouter,
  seerDashboard: seerDashboardRouter,
  articles: articlesRouter,
  admin: adminRouter,
  contact: contactRouter,
  meetings: meetingsRouter,
  messages: messagesRouter,
  payouts: payoutsRouter,
  calendars: calendarsRouter,
  vendors: vendorsRouter,
  push: pushRouter,
  phone: phoneRouter,
});

export type AppRouter = typeof appRouter;

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, "publicUrl" | "secretKey" | "sessionSecret"> & Partial<Pick<Config, "ice" | "calendars" | "push" | "sms">>;
  storage: FileStorage;
  payments: PaymentProvider;
  /** The local payout rails (Paystack, Flutterwave): real when configured, else in test mode. */
  rails: PayoutRails;
  jobs: JobQueue;
  log?: { warn(obj: object, msg: string): void };
  /**
   * Tells this instance's session cache that a user or their sessions changed, so that its next request reads them
   * anew (other instances hear of it from the database: account/session-cache.ts).
   */
  sessionsChanged?: (userId: string) => void;
  /** Web push's sender: by default web-push over fetch, with the configured keys (else the development ones). */
  pushSender?: PushSender;
  /** Where SMS go: by default as configured (Africa's Talking, else files in the SMS outbox folder). */
  smsSender?: SmsSender;
}

/** Built once per app and exposed as ctx.services, so procedures, REST shims, webhooks and scripts share them. */
export function createServices(base: ServiceDeps) {
  // Every module sends mail through the outbox: a job per message, sent once per key.
  const deps = { ...base, outbox: createOutbox(base) };
  // Web push (issue #44): each notification a job per device, sent once.
  const push = createPushService({
    db: deps.db,
    jobs: deps.jobs,
    sender:
      base.pushSender ??
      createPushSender(base.config.push ?? pushConfig("development", { publicUrl: base.config.publicUrl })),
  });
  // SMS (issue #44): each text a job, sent once per key, to people who confirmed a number and chose SMS.
  const sms = createSmsOutbox({
    db: deps.db,
    jobs: deps.jobs,
    clock: deps.clock,
    log: deps.log,
    sender:
      base.smsSender ??
      createSmsSender(base.config.sms ?? { provider: "outbox", outboxDir: path.resolve(".data", "sms-outbox") }),
  });
  // A booking's conversation: the room's chat and /messages are one thread (issue #43).
  const conversations = createConversations({ ...deps, publicUrl: deps.config.publicUrl, push: push.notifier });
  // An image sent in a conversation is readable by the booking's other party too.
  const uploads = createUploadService({ ...deps, sharedWith: conversations.imageSharedWith });
  const meetings = createMeetingService({ db: deps.db, clock: deps.clock, ice: deps.config.ice, conversations });
  // Webhook and test-card events, routed by metadata.kind; each purchase kind registers its handlers here.
  const payments = createPaymentService(deps);
  const account = createAccountService(deps);
  // Every movement of money lands in the ledger: at once after the events below, else by the ledger's sweep. Payout
  // details change only with the password again, checked as the account checks it.
  const payouts = createPayoutService({
    ...deps,
    processEvent: payments.events.process,
    checkPassword: account.checkCurrentPassword,
  });
  const { ledger } = payouts;
  // Seers' calendars: a feed per person, and their own calendars read every 15 minutes for busy times.
  const calendars = createCalendarService({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    config: deps.config,
    calendars: deps.config.calendars,
    log: deps.log,
  });
  const bookings = createBookingService({
    ...deps,
    // Completion reads the room's records (a client who never joined is a no-show); admins see them beside a
    // reported problem (issue #43).
    attendance: { whoJoined: meetings.whoJoined, records: meetings.attendance },
    // A booking's charge is in the ledger from the transaction that confirms it.
    onConfirmed: ledger.recordCharge,
    // A Seer's sessions and earnings are read with each booking's share as the ledger has it.
    seerLedger: { recordSeer: ledger.recordSeer, byBooking: seerBookingLedger },
    // A hold reads the Seer's own calendars first (issue #42).
    refreshBusy: calendars.refreshSeerCalendars,
    push: push.notifier,
    sms,
  });
  payments.events.register("booking", {
    // The charge was written with the confirmation; refunds reach the ledger through `refunded` below.
    succeeded: (intent, log, record) => bookings.applySucceededIntent(intent, log, record),
    failed: bookings.applyFailedIntent,
    refunded: async (paymentIntentId) => {
      await bookings.syncRefunds(paymentIntentId);
      await ledger.recordPayment(paymentIntentId);
    },
  });
  // An order's sale is in the ledger from the transaction that marks it paid.
  const orders = createOrderService({ ...deps, uploads, onPaid: ledger.recordSale });
  payments.events.register("order", {
    // The sale was written with the payment; refunds reach the ledger through `refunded` below.
    succeeded: (intent, _log, record) => orders.applySucceededIntent(intent, record),
    // A refund made in the provider's dashboard reaches the order (its refunded amount, status and history) first,
    // so the ledger then lists it as a shop_refund.
    refunded: async (paymentIntentId) => {
      await orders.syncRefunds(paymentIntentId);
      await ledger.recordPayment(paymentIntentId);
    },
  });
  // A local charge paid twice is in the ledger, as is the refund that gives it back.
  payments.events.onDuplicateCharge(ledger.recordDuplicate);
  payments.events.onAccountUpdated(payouts.syncAccount);
  payments.events.onTransferChanged(payouts.syncTransfer);
  const seers = createSeerService(deps);
  const shop = createShopService(deps);
  const articles = createArticleService(deps);
  // Who read what is forgotten daily (the counts stay).
  deps.jobs.define({ name: "articles.purge-views", every: "23 3 * * *", run: articles.purgeViews });
  const pages = createPageService({
    db: deps.db,
    config: deps.config,
    sources: { seer: seers.byId, product: shop.bySlug, article: (slug) => articles.bySlug(slug, null) },
  });
  return {
    jobs: deps.jobs,
    outbox: deps.outbox,
    rails: deps.rails,
    account,
    uploads,
    bookings,
    payments,
    applications: createApplicationService({ ...deps, uploads }),
    admin: createAdminService(deps),
    cart: createCartService(deps),
    shop,
    orders,
    seers,
    seerDashboard: createSeerDashboardService({ ...deps, uploads, bookings }),
    articles,
    pages,
    contact: createContactService(deps),
    meetings,
    payouts,
    calendars,
    // Vendors' payout details are checked on the Seers' rails (issue #23), by the payouts module.
    vendors: createVendorService({
      ...deps,
      uploads,
      payoutChecks: {
        checkDetails: payouts.methods.checkDetails,
        institutionsIn: payouts.methods.institutionsIn,
        resolveIn: payouts.methods.resolveIn,
      },
    }),
    push,
    phone: createPhoneService({ db: deps.db, clock: deps.clock, sms, secretKey: deps.config.secretKey }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module "../platform/trpc/context" {
  // The platform's AppServices is this app's services (declaration merging; the platform imports no module).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge itself is the point
  interface AppServices extends Services {}
}

/** The REST shims of every module, and the payment webhooks in their own raw-body plugin. */
export async function registerModuleRoutes(
  app: FastifyInstance,
  services: Services,
  platform: { relay: Relay; clock: Clock; publicUrl: string },
): Promise<void> {
  registerAccountRoutes(app);
  registerBookingRoutes(app);
  await app.register(registerPaymentWebhooks, { payments: services.payments });
  registerLocalCardRoutes(app, services.payments);
  await app.register(registerPayoutWebhooks, {
    rails: services.rails,
    sync: services.payouts.syncLocal,
    charges: services.payments.receiveGatewayWebhook,
  });
  registerUploadRoutes(app);
  registerApplicationRoutes(app);
  registerAdminRoutes(app);
  registerSeerRoutes(app);
  registerSeerDashboardRoutes(app);
  registerShopRoutes(app);
  registerArticleRoutes(app);
  registerContactRoutes(app);
  registerCalendarRoutes(app, services.calendars.feedFile);
  registerPageRoutes(app, services.pages);
  await registerMeetingSocket(app, {
    meetings: services.meetings,
    relay: platform.relay,
    clock: platform.clock,
    publicUrl: platform.publicUrl,
    userOf: async (req) => {
      const userId = req.session.get("userId");
      return userId ? services.account.findById(userId) : null;
    },
  });
}

export { BOOT_SCRIPT, createPageRenderer, loadRenderer, readHeadScript } from "./pages";
export { DbSessionStore, SessionCache, sessionCookieSigner, SESSION_RENEW_WITHIN_MS, SESSION_TTL_MS } from "./account";
