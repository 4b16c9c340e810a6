import type { FastifyInstance } from "fastify";
import type { CreateBookingPaymentInput } from "../../../src/schemas/bookings";
import { idempotencyKeyHeader, jsonBody, pathParam, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { bookingsRouter } from "./router";

const route = restRoute(createCallerFactory(router({ bookings: bookingsRouter })));

/**
 * The booking paths of docs/product.md#api. GET /api/bookings answers a Seer's bookings; for a user who is not a
 * Seer it answers their own bookings as a client (see the bookings service's `mine`).
 */
export function registerBookingRoutes(app: FastifyInstance): void {
  app.post(
    "/api/create-payment-intent",
    route((caller, req) =>
      caller.bookings.createPaymentIntent({
        ...jsonBody<CreateBookingPaymentInput>(req),
        idempotencyKey: idempotencyKeyHeader(req),
      }),
    ),
  );
  app.post(
    "/api/confirm-booking-payment",
    route(async (caller, req) => {
      const result = await caller.bookings.confirmPayment(jsonBody<{ paymentIntentId: string }>(req));
      return { success: true, bookingId: result.bookingId, status: result.status, meetingLink: result.meetingLink };
    }),
  );
  app.get(
    "/api/bookings",
    route((caller) => caller.bookings.mine()),
  );
  app.get(
    "/api/bookings/:bookingId/calendar.ics",
    route(async (caller, req, ctx) => {
      const file = await caller.bookings.calendar({ bookingId: pathParam(req, "bookingId") });
      // Sent here, not returned: the answer is the file itself, not JSON.
      void ctx.res
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "private, no-store")
        .send(file.content);
      return null;
    }),
  );
  app.get(
    "/api/bookings/:bookingId",
    route((caller, req) => caller.bookings.byId({ bookingId: pathParam(req, "bookingId") })),
  );
}
