import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { Services } from "../services";

/**
 * POST /api/webhooks/stripe in its own plugin: the JSON body stays a raw Buffer here only, because
 * the signature is computed over the exact bytes. Answers 400 when the signature does not verify,
 * 2xx once verified (a payment that matches nothing is acknowledged, not retried forever).
 */
export const registerPaymentWebhooks: FastifyPluginAsync<{ services: Pick<Services, "payments" | "paymentEvents"> }> = async (
  app: FastifyInstance,
  { services },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.post("/api/webhooks/stripe", async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const header = req.headers["stripe-signature"];
    let event;
    try {
      event = services.payments.parseWebhookEvent(raw, Array.isArray(header) ? header[0] : header);
    } catch {
      return reply.code(400).type("text/plain; charset=utf-8").send("Webhook signature verification failed");
    }
    const outcome = await services.paymentEvents.process(event);
    if (outcome === "rejected")
      req.log.warn({ eventId: event.id, type: event.type }, "payment event refused: does not match its purchase");
    return reply.code(200).send({ received: true, outcome });
  });
};
