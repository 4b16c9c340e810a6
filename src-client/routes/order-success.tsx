import { createFileRoute, redirect } from "@tanstack/react-router";
import { present, text } from "../../src/schemas/search";
import { notify } from "../lib/notify";

export const Route = createFileRoute("/order-success")({
  /** Where the card provider returns after a redirect (docs/product.md#api): its payment_intent names the order's payment. */
  validateSearch: (
    search: Record<string, unknown>,
  ): { payment_intent?: string | undefined; redirect_status?: string | undefined } =>
    present({
      payment_intent: text(search.payment_intent, 255),
      redirect_status: text(search.redirect_status, 50),
    }),
  beforeLoad: async ({ search, context }) => {
    if (!search.payment_intent) throw redirect({ to: "/shop", replace: true });
    if (search.redirect_status === "succeeded") {
      // The toast's words are the app's catalog's, which the confirmation screen it goes on to needs anyway.
      await context.i18n.ensureApp();
      notify({ title: context.i18n.t("shop.paid"), message: context.i18n.t("shop.paidText") }, "success");
    }
    throw redirect({ to: "/order/success/$paymentIntentId", params: { paymentIntentId: search.payment_intent }, replace: true });
  },
});
