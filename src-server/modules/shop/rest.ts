import type { FastifyInstance } from "fastify";
import type { CartAddInput, ConfirmOrderPaymentInput, CreateOrderPaymentInput } from "../../../src/schemas/shop";
import { idempotencyKeyHeader, jsonBody, pathParam, queryParam, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { cartRouter } from "./cart-router";
import { registerCartForm } from "./cart-form";
import { ordersRouter } from "./orders-router";
import { shopRouter } from "./shop-router";

const route = restRoute(createCallerFactory(router({ shop: shopRouter, cart: cartRouter, orders: ordersRouter })));

/** The Sacred Market paths of docs/product.md#api: one implementation (the procedures), two doors. */
export function registerShopRoutes(app: FastifyInstance): void {
  registerCartForm(app);
  app.get(
    "/api/products",
    // The first PRODUCT_LIST_MAX products as a plain list (the documented answer); the shop's screen pages by tRPC.
    route(
      async (caller, req) =>
        (await caller.shop.products({ search: queryParam(req, "search"), categoryId: queryParam(req, "categoryId") })).items,
    ),
  );
  app.get(
    "/api/categories",
    route((caller) => caller.shop.categories()),
  );
  app.get(
    "/api/cart",
    route((caller) => caller.cart.list()),
  );
  app.post(
    "/api/cart",
    route((caller, req) => caller.cart.add(jsonBody<CartAddInput>(req))),
  );
  app.patch(
    "/api/cart/:id",
    route((caller, req) => caller.cart.setQuantity({ ...jsonBody<{ quantity: number }>(req), id: pathParam(req, "id") })),
  );
  app.delete(
    "/api/cart/:id",
    route((caller, req) => caller.cart.remove({ id: pathParam(req, "id") })),
  );
  app.post(
    "/api/create-order-payment",
    route((caller, req) =>
      caller.orders.createPayment({ ...jsonBody<CreateOrderPaymentInput>(req), idempotencyKey: idempotencyKeyHeader(req) }),
    ),
  );
  app.post(
    "/api/confirm-order-payment",
    route((caller, req) => caller.orders.confirmPayment(jsonBody<ConfirmOrderPaymentInput>(req))),
  );
}
