import type { FastifyInstance, FastifyRequest } from "fastify";
import { formatMinor, isCurrency } from "../../../src/domain/currencies";
import { sendError } from "../../platform/rest";
import type { PaymentService } from "./service";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

type Query = Record<string, string | undefined>;
const queryOf = (req: FastifyRequest): Query => {
  const raw = (req.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === "string" ? v : undefined]));
};

export const TEST_CHECKOUT_TITLE = "Test checkout";

/** The test mode's stand-in for a gateway's hosted checkout: the amount, and Pay or Cancel (no script; forms only). */
function testCheckoutPage(amount: string, action: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${TEST_CHECKOUT_TITLE}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<main>
<h1>${TEST_CHECKOUT_TITLE}</h1>
<p>Test mode: this page stands in for the local card provider's checkout. No card is charged.</p>
<p><strong>Amount: ${escapeHtml(amount)}</strong></p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="pay" /><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="${escapeHtml(action)}" style="margin-top: 1rem"><input type="hidden" name="outcome" value="cancel" /><button type="submit">Cancel</button></form>
</main>
</body></html>`;
}

/**
 * A local card's hosted checkout (docs/product.md#mobile-money): the route a gateway sends the client back to
 * (GET /api/payments/return/:gateway, which reads the gateway's record), and the test mode's stand-in page
 * (GET and POST /api/payments/test-checkout/:clientSecret). The POST is a form of this site's own page: the origin check
 * covers it (app.ts).
 */
export function registerLocalCardRoutes(app: FastifyInstance, payments: PaymentService): void {
  app.get<{ Params: { gateway: string } }>("/api/payments/return/:gateway", async (req, reply) => {
    try {
      return reply.redirect(await payments.localCard.returned(req.params.gateway, queryOf(req), req.log), 303);
    } catch (error) {
      return sendError(req, reply, error);
    }
  });

  app.get<{ Params: { clientSecret: string } }>("/api/payments/test-checkout/:clientSecret", async (req, reply) => {
    try {
      const intent = await payments.localCard.testCheckoutIntent(req.params.clientSecret);
      const currency = intent.currency.toUpperCase();
      const amount = isCurrency(currency) ? formatMinor(intent.amount, currency) : `${intent.amount} ${currency}`;
      const action = req.url;
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(testCheckoutPage(amount, action));
    } catch (error) {
      return sendError(req, reply, error);
    }
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { clientSecret: string } }>("/api/payments/test-checkout/:clientSecret", async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      try {
        const to = await payments.localCard.testCheckout(
          req.params.clientSecret,
          body.outcome === "pay",
          queryOf(req).next,
          req.log,
        );
        return reply.redirect(to, 303);
      } catch (error) {
        return sendError(req, reply, error);
      }
    });
  });
}
