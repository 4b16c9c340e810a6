import type { Db, Queryable } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import type { WarnLog } from "../../platform/database";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import type { PaymentProvider } from "../../platform/payments/provider";
import type { UploadService } from "../uploads";
import { createCheckout } from "./checkout";
import { createPaymentConfirmation } from "./confirm-payment";
import { createFulfilment } from "./fulfilment";
import { createLowStock } from "./low-stock";
import { createOrderQueries } from "./queries";
import { createRefunds } from "./refunds";
import { createReservations } from "./reservations";
import { createReturns } from "./returns";

export { cartRouter } from "./cart-router";
export { shopRouter } from "./shop-router";
export { ordersRouter } from "./orders-router";
export { registerShopRoutes } from "./rest";
export { createCartService } from "./cart";
export { createShopService } from "./shop";
export { ordersOf, type OwnOrder } from "./queries";
export { listedProduct } from "./listed";

/**
 * The operations behind the `orders` procedures, one file each (checkout, confirm-payment, reservations, queries,
 * fulfilment, refunds, returns, low-stock), composed here: a file's operation, its jobs and their handlers.
 */
export function createOrderService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  payments: PaymentProvider;
  jobs: JobQueue;
  uploads: UploadService;
  config: { publicUrl: string };
  /** Sent in the transaction that marks an order paid, after its update (the ledger records the sale there). */
  onPaid?: (orderId: string, tx: Queryable) => PromiseLike<unknown>;
  log?: WarnLog;
}) {
  const confirmation = createPaymentConfirmation(deps);
  const reservations = createReservations({ ...deps, applySucceededIntent: confirmation.applySucceededIntent });
  const checkout = createCheckout({ ...deps, reservations });
  const queries = createOrderQueries(deps);
  const refunds = createRefunds({ ...deps, orderDetail: queries.orderDetail });
  return {
    ...checkout,
    ...confirmation,
    releaseExpired: reservations.releaseExpired,
    ...queries,
    ...createFulfilment({ ...deps, orderDetail: queries.orderDetail }),
    ...refunds,
    ...createReturns({ ...deps, orderDetail: queries.orderDetail, refundOrder: refunds.refundOrder }),
    ...createLowStock(deps),
  };
}
