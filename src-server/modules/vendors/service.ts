import type { z } from "zod";
import type { Db } from "../../../db/client";
import type { ApplicationStatus } from "../../../src/domain/enums";
import type { PayoutMethodKind } from "../../../src/domain/payout-rails";
import type { shipOrderSchema } from "../../../src/schemas/shop";
import type { reviewVendorApplicationSchema, VendorApplication, vendorPayoutNameSchema } from "../../../src/schemas/vendors";
import type { AdminActor } from "../../platform/audit";
import type { Clock } from "../../platform/clock";
import type { Outbox } from "../../platform/mail";
import type { UploadService } from "../uploads";
import { mine, submit, type PayoutChecks } from "./apply";
import { markShipped, vendorMoney, vendorOrders } from "./orders";
import { markPartDelivered } from "./parts";
import { approveProduct, createProduct, myProducts, pendingProducts, updateProduct } from "./products";
import { listApplications, review } from "./review";

/**
 * Vendors (issue #46, docs/product.md#vendors): applying, the admins' review, and a vendor's own products with their
 * first approval. Payout details are checked through the payouts module's rails (`payoutChecks`, given by
 * modules/index.ts), never copied here.
 */
export function createVendorService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  uploads: UploadService;
  payoutChecks: PayoutChecks;
  config: { publicUrl: string };
}) {
  const { db, clock, outbox, config } = deps;
  return {
    submit: (userId: string, input: VendorApplication) => submit(deps, userId, input),
    mine: (userId: string) => mine(db, userId),
    payoutOptions: (country: string, kind: PayoutMethodKind) => deps.payoutChecks.institutionsIn(country, kind),
    payoutName: (input: z.output<typeof vendorPayoutNameSchema>) => deps.payoutChecks.resolveIn(input.country, input),
    listApplications: (status?: ApplicationStatus) => listApplications(db, status),
    review: (input: z.output<typeof reviewVendorApplicationSchema>, admin: AdminActor) =>
      review({ db, clock, outbox, publicUrl: config.publicUrl }, input, admin),
    products: (userId: string) => myProducts(db, userId),
    createProduct: (userId: string, input: Parameters<typeof createProduct>[2]) => createProduct({ db, clock, uploads: deps.uploads }, userId, input),
    updateProduct: (userId: string, input: Parameters<typeof updateProduct>[2]) => updateProduct({ db, uploads: deps.uploads }, userId, input),
    orders: (userId: string) => vendorOrders(db, userId),
    markShipped: (userId: string, input: z.output<typeof shipOrderSchema>) =>
      markShipped({ db, clock, outbox, publicUrl: config.publicUrl }, userId, input),
    money: (userId: string) => vendorMoney(db, userId),
    markDelivered: (admin: AdminActor, input: { orderId: string; vendorId: string }) =>
      markPartDelivered({ db, clock, outbox, publicUrl: config.publicUrl }, admin, input),
    pendingProducts: () => pendingProducts(db),
    approveProduct: (admin: AdminActor, id: string) => approveProduct({ db, clock }, admin, id),
  };
}
