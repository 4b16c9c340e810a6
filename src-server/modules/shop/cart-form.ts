import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CART_ADD_PATH, cartAddPath } from "../../../src/domain/pages";
import { formLocale, pathInLocale } from "../../../src/i18n/locales";
import { formField, sendError } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { cartRouter } from "./cart-router";

const createCaller = createCallerFactory(router({ cart: cartRouter }));

/**
 * Add to Cart as the browser sends it without the app's code (issue #39): the product cards' form, or the address
 * sign-in returns to. A signed-in person gets the item added and the cart shown; a visitor goes to sign-in, which
 * comes back here to finish it. The item is added through the same procedure as the app's own button, so it is
 * checked (product, stock, quantity) the same way; a refusal answers as the REST paths do, in plain text.
 */
async function addFromForm(req: FastifyRequest, reply: FastifyReply, values: unknown): Promise<FastifyReply> {
  // The page's language (the form's hidden `locale`): sign-in, the cart and a refusal in it, whatever the browser
  // prefers (issue #45).
  const locale = formLocale(formField(values, "locale"));
  try {
    const ctx = await req.server.createContext(req, reply);
    const productId = formField(values, "productId") ?? "";
    const quantityText = formField(values, "quantity");
    const quantity = quantityText === undefined || quantityText === "" ? 1 : Number(quantityText);
    if (!ctx.user) {
      const back = cartAddPath(productId, Number.isInteger(quantity) && quantity > 0 ? quantity : 1, locale);
      return reply.redirect(pathInLocale(locale, `/login?returnTo=${encodeURIComponent(back)}`), 303);
    }
    await createCaller({ ...ctx, locale: locale ?? ctx.locale }).cart.add({ productId, quantity });
    return reply.redirect(pathInLocale(locale, "/cart"), 303);
  } catch (error) {
    return sendError(req, reply, error, locale);
  }
}

export function registerCartForm(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(CART_ADD_PATH, (req, reply) => addFromForm(req, reply, req.body));
  });
  // Where sign-in returns a visitor who tapped Add to Cart. A GET that adds, as shops' cart links do: the worst another
  // site can do with it is put an item in a signed-in person's cart, which checkout shows before any payment.
  app.get(CART_ADD_PATH, (req, reply) => addFromForm(req, reply, req.query));
}
