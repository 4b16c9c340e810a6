import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { LOCAL_RAILS, type LocalRailName } from "../../../src/domain/payout-rails";
import type { WarnLog } from "../../platform/database";
import { sendError } from "../../platform/rest";
import { RailSignatureError, type PayoutRails } from "../../platform/payouts/rail";

/**
 * POST /api/webhooks/paystack and /api/webhooks/flutterwave: the body stays raw bytes here, because signatures are over
 * the exact body. A bad signature answers 400 and changes nothing; a verified event about one of our transfers has the
 * transfer read back from the provider (local.ts `sync`), so duplicates and late or out-of-order events agree. Any other
 * event (a charge's, a refund's: the gateway has one webhook address) goes to `charges`, the payments module's
 * receiveGatewayWebhook, which verifies it again with the charge side's own adapter and the gateway's record.
 */
type ChargeWebhooks = (
  gateway: LocalRailName,
  raw: Buffer,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  log?: WarnLog,
) => Promise<unknown>;

export const registerPayoutWebhooks: FastifyPluginAsync<{
  rails: PayoutRails;
  sync: (payoutId: string) => Promise<void>;
  charges?: ChargeWebhooks;
}> = async (app: FastifyInstance, { rails, sync, charges }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  for (const name of LOCAL_RAILS) {
    app.post(`/api/webhooks/${name}`, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event;
      try {
        event = rails[name].parseWebhook(raw, req.headers);
      } catch (error) {
        if (error instanceof RailSignatureError || error instanceof SyntaxError)
          return reply.code(400).type("text/plain").send("Invalid webhook signature");
        throw error;
      }
      if (event.reference) await sync(event.reference);
      else if (charges) {
        try {
          await charges(name, raw, req.headers, req.log);
        } catch (error) {
          return sendError(req, reply, error);
        }
      }
      return reply.code(200).send({ received: true });
    });
  }
};
