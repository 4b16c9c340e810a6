import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../src/errors";
import { currencyChoiceSchema, safeReturnPath } from "../../../src/schemas/auth";
import { sendError } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { accountRouter } from "./router";

const createCaller = createCallerFactory(router({ account: accountRouter }));

/**
 * The picker as the browser sends it without the app's code (a page drawn on the server): the same procedure as the
 * app's, then back to the page the person was on (only ever a path on this site).
 */
async function currencyFromForm(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const returnTo = safeReturnPath(typeof body.returnTo === "string" ? body.returnTo : undefined);
  try {
    const ctx = await req.server.createContext(req, reply);
    const choice = currencyChoiceSchema.safeParse({ currency: body.currency });
    if (!choice.success) throw new AppError("BAD_REQUEST", choice.error.issues[0]?.message ?? "Choose a currency we take");
    await createCaller(ctx).account.setCurrency(choice.data);
    return reply.redirect(returnTo, 303);
  } catch (error) {
    return sendError(req, reply, error);
  }
}

/** POST /currency, in a scope of its own that reads the form's urlencoded body. The origin check covers it (app.ts). */
export function registerCurrencyForm(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post("/currency", currencyFromForm);
  });
}
