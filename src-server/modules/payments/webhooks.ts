import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { sendError } from "../../platform/rest";
import type { PaymentService } from "./service";

/**
 * POST /api/webhooks/stripe in its own plugin: the JSON body stays a raw Buffer here only, because
 * the signature is computed over the exact bytes. Answers 400 when the signature does not verify,
 * 2xx once verified (a payment that matches nothing is acknowledged, not retried forever).
 */
export const registerPaymentWebhooks: FastifyPluginAsync<{ payments: PaymentService }> = async (
  app: FastifyInstance,
  { payments },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.post("/api/webhooks/stripe", async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const header = req.headers["stripe-signature"];
    let received;
    try {
      received = await payments.receiveWebhook(raw, Array.isArray(header) ? header[0] : header, req.log);
    } catch (error) {
      return sendError(req, reply, error);
    }
    if (received.outcome === "rejected")
      req.log.warn({ eventId: received.eventId, type: received.type }, "payment event refused: does not match its purchase");
    return reply.code(200).send({ received: true, outcome: received.outcome });
  });
};
