import { shipOrderSchema } from "../../../src/schemas/shop";
import {
  reviewVendorApplicationSchema,
  updateVendorProductSchema,
  vendorApplicationFilterSchema,
  vendorApplicationSchema,
  vendorPayoutNameSchema,
  vendorPayoutOptionsSchema,
  vendorProductIdSchema,
  vendorProductSchema,
  vendorPartSchema,
} from "../../../src/schemas/vendors";
import { adminProcedure, authedProcedure, router, verifiedProcedure } from "../../platform/trpc/init";

export const vendorsRouter = router({
  /** Applying needs a confirmed address, as applying to be a Seer does; the applicant is the session's user. */
  submit: verifiedProcedure
    .input(vendorApplicationSchema)
    .mutation(({ ctx, input }) => ctx.services.vendors.submit(ctx.user.id, input)),

  mine: authedProcedure.query(({ ctx }) => ctx.services.vendors.mine(ctx.user.id)),

  /** The networks and banks a country's rail offers, for the application's payout details. */
  payoutOptions: authedProcedure
    .input(vendorPayoutOptionsSchema)
    .query(({ ctx, input }) => ctx.services.vendors.payoutOptions(input.country, input.kind)),

  /** `Check name`: the holder's name as the provider reports it, before the application is sent. */
  payoutName: authedProcedure.input(vendorPayoutNameSchema).mutation(({ ctx, input }) => ctx.services.vendors.payoutName(input)),

  // A vendor's own products: the service refuses anyone who is not an approved vendor.
  products: authedProcedure.query(({ ctx }) => ctx.services.vendors.products(ctx.user.id)),

  createProduct: authedProcedure
    .input(vendorProductSchema)
    .mutation(({ ctx, input }) => ctx.services.vendors.createProduct(ctx.user.id, input)),

  updateProduct: authedProcedure
    .input(updateVendorProductSchema)
    .mutation(({ ctx, input }) => ctx.services.vendors.updateProduct(ctx.user.id, input)),

  /** The vendor's orders: their own lines only, with the buyer's shipping details. */
  orders: authedProcedure.query(({ ctx }) => ctx.services.vendors.orders(ctx.user.id)),

  /** `Mark shipped`: the vendor's own part of a paid order, with carrier and tracking; the shopper is mailed. */
  markShipped: authedProcedure
    .input(shipOrderSchema)
    .mutation(({ ctx, input }) => ctx.services.vendors.markShipped(ctx.user.id, input)),

  /** The vendor's money, each figure a sum over the ledger. */
  money: authedProcedure.query(({ ctx }) => ctx.services.vendors.money(ctx.user.id)),

  // The admins' console: the vendor applications and the products waiting for their first approval.
  applications: adminProcedure
    .input(vendorApplicationFilterSchema.optional())
    .query(({ ctx, input }) => ctx.services.vendors.listApplications(input?.status)),

  reviewApplication: adminProcedure
    .input(reviewVendorApplicationSchema)
    .mutation(({ ctx, input }) => ctx.services.vendors.review(input, ctx.admin)),

  /** An admin marks a vendor's shipped part of an order delivered: its return window, then its payout, follow. */
  markDelivered: adminProcedure
    .input(vendorPartSchema)
    .mutation(({ ctx, input }) => ctx.services.vendors.markDelivered(ctx.admin, input)),

  pendingProducts: adminProcedure.query(({ ctx }) => ctx.services.vendors.pendingProducts()),

  approveProduct: adminProcedure
    .input(vendorProductIdSchema)
    .mutation(({ ctx, input }) => ctx.services.vendors.approveProduct(ctx.admin, input.id)),
});
