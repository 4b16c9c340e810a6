import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { messages } from "../lib/messages";
import { notify } from "../lib/notify";

/** Where the card provider returns after a redirect (docs/product.md#api): its payment_intent names the order's payment. */
const providerReturnSchema = z.object({
  payment_intent: z.string().max(255).optional().catch(undefined),
  redirect_status: z.string().max(50).optional().catch(undefined),
});

export const Route = createFileRoute("/order-success")({
  validateSearch: providerReturnSchema,
  beforeLoad: ({ search }) => {
    if (!search.payment_intent) throw redirect({ to: "/shop", replace: true });
    if (search.redirect_status === "succeeded") notify(messages.orderPaid, "success");
    throw redirect({ to: "/order/success/$paymentIntentId", params: { paymentIntentId: search.payment_intent }, replace: true });
  },
});
