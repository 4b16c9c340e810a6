import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { CreateBookingPaymentInput } from "../../src/schemas/bookings";
import type { Services } from "../services";
import { restHandler } from "./handler";

/**
 * SPEC §7 booking calls. GET /api/bookings answers a Seer's bookings as the spec says; for a user who
 * is not a Seer it answers their own bookings as a client (see BookingService.mine).
 */
export function registerBookingRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  app.post(
    "/api/create-payment-intent",
    restHandler(deps, (caller, req) => caller.bookings.createPaymentIntent((req.body ?? {}) as CreateBookingPaymentInput)),
  );
  app.post(
    "/api/confirm-booking-payment",
    restHandler(deps, async (caller, req) => {
      const result = await caller.bookings.confirmPayment((req.body ?? {}) as { paymentIntentId: string });
      return { success: true, bookingId: result.bookingId, status: result.status, meetingLink: result.meetingLink };
    }),
  );
  app.get(
    "/api/bookings",
    restHandler(deps, (caller) => caller.bookings.mine()),
  );
  app.get<{ Params: { bookingId: string } }>(
    "/api/bookings/:bookingId",
    restHandler(deps, (caller, req) => caller.bookings.byId({ bookingId: (req.params as { bookingId: string }).bookingId })),
  );
}
