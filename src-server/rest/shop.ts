import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { CartAddInput, ConfirmOrderPaymentInput, CreateOrderPaymentInput } from "../../src/schemas/shop";
import type { Services } from "../services";
import { restHandler } from "./handler";

const idParam = (params: unknown): string => (params as { id: string }).id;
/** The JSON body as sent; the procedure's zod schema is what checks it. */
const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
const queryText = (query: unknown, key: string): string | undefined => {
  const value = (query as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" ? value : undefined;
};

/** SPEC §7's Sacred Market paths: one implementation (the procedures), two doors. */
export function registerShopRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  app.get(
    "/api/products",
    restHandler(deps, (caller, req) =>
      caller.catalog.products({ search: queryText(req.query, "search"), categoryId: queryText(req.query, "categoryId") }),
    ),
  );

  app.get(
    "/api/categories",
    restHandler(deps, (caller) => caller.catalog.categories()),
  );

  app.get(
    "/api/cart",
    restHandler(deps, (caller) => caller.cart.list()),
  );

  app.post(
    "/api/cart",
    restHandler(deps, (caller, req) => caller.cart.add(bodyOf(req.body) as CartAddInput)),
  );

  app.patch(
    "/api/cart/:id",
    restHandler(deps, (caller, req) =>
      caller.cart.setQuantity({ ...bodyOf(req.body), id: idParam(req.params) } as { id: string; quantity: number }),
    ),
  );

  app.delete(
    "/api/cart/:id",
    restHandler(deps, (caller, req) => caller.cart.remove({ id: idParam(req.params) })),
  );

  app.post(
    "/api/create-order-payment",
    restHandler(deps, (caller, req) => caller.orders.createPayment(bodyOf(req.body) as CreateOrderPaymentInput)),
  );

  app.post(
    "/api/confirm-order-payment",
    restHandler(deps, (caller, req) => caller.orders.confirmPayment(bodyOf(req.body) as ConfirmOrderPaymentInput)),
  );
}
