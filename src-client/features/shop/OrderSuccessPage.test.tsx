import { notifications } from "@mantine/notifications";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { signedInUser } from "./testData";

beforeEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const confirmed = {
  orderId: "o-1",
  orderNumber: "SM-20261122-7K3QZ",
  status: "paid" as const,
  items: [],
  subtotal: "71.30",
  shippingCost: "25.00",
  total: "96.30",
  chargeCurrency: "USD" as const,
  chargeAmount: null,
  shippingMethod: "express" as const,
  shippingEmail: "ama@example.com",
};

describe("/order/success/{paymentIntentId}", () => {
  it("confirms the payment once, showing 'Confirming your order...' and then the receipt and shipping texts", async () => {
    const confirms: string[] = [];
    let release: () => void = () => {};
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => [],
        "orders.confirmPayment": async ({ paymentIntentId }) => {
          confirms.push(paymentIntentId);
          await new Promise<void>((resolve) => (release = resolve));
          return confirmed;
        },
      }),
    );
    renderApp("/order/success/pi_1");
    expect(await screen.findByText("Confirming your order...")).toBeInTheDocument();
    release();
    expect(await screen.findByRole("heading", { name: "Order Placed Successfully!" })).toBeInTheDocument();
    expect(screen.getByText("A receipt has been sent to your e-mail (ama@example.com).")).toBeInTheDocument();
    expect(screen.getByText(/typically ship within 2-3 business days/)).toHaveTextContent(
      "We'll send you the tracking details once it's on its way.",
    );
    expect(screen.getByText("Order SM-20261122-7K3QZ · $96.30")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    expect(confirms).toEqual(["pi_1"]);
  });

  it("shows 'Payment Confirmation Failed' with contact support and a return to /shop", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => [],
        "orders.confirmPayment": () => ({ error: { code: "CONFLICT", message: "Your payment has not been completed." } }),
      }),
    );
    renderApp("/order/success/pi_1");
    expect(await screen.findByText("Payment Confirmation Failed")).toBeInTheDocument();
    expect(screen.getByText("There was an issue confirming your payment. Please contact support.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Shop" })).toHaveAttribute("href", "/shop");
  });
});

describe("provider return and missing parameters", () => {
  it("goes from /order-success?payment_intent=... to /order/success/{id} with the 'Payment Successful' toast", async () => {
    server.use(
      ...trpcHandlers({ "account.me": () => signedInUser, "cart.list": () => [], "orders.confirmPayment": () => confirmed }),
    );
    const { router } = renderApp(
      "/order-success?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=succeeded",
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/success/pi_9"));
    expect(await screen.findByText("Your order has been placed!")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Order Placed Successfully!" })).toBeInTheDocument();
  });

  it("redirects to /shop without a payment intent", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "shop.products": () => ({ items: [], nextCursor: null }),
        "shop.categories": () => [],
      }),
    );
    const first = renderApp("/order-success");
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/shop"));
    first.unmount();
    const second = renderApp("/order/success");
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/shop"));
  });
});

describe("/order/success in the pseudo-language (issue #45)", () => {
  it("draws every text of its own from the catalog, on success and on failure", async () => {
    server.use(
      ...trpcHandlers({ "account.me": () => signedInUser, "cart.list": () => [], "orders.confirmPayment": () => confirmed }),
    );
    const paid = renderApp("/order/success/pi_1", pseudo);
    await screen.findByRole("heading", { name: /⟦Order Placed Successfully!⟧/ });
    expect(bypassing(document.querySelector("main") as HTMLElement)).toEqual([]);
    paid.unmount();

    server.use(
      ...trpcHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => [],
        "orders.confirmPayment": () => ({ error: { code: "CONFLICT", message: "Your payment has not been completed." } }),
      }),
    );
    renderApp("/order/success/pi_2", pseudo);
    await screen.findByText(/⟦Payment Confirmation Failed⟧/);
    expect(bypassing(document.querySelector("main") as HTMLElement)).toEqual([]);
  });
});

describe("/order/success in French (issue #45)", () => {
  afterEach(() => setFormatLocale("en"));

  it("says the payment succeeded, then confirms the order in French", async () => {
    setFormatLocale("fr");
    server.use(
      ...trpcHandlers({ "account.me": () => signedInUser, "cart.list": () => [], "orders.confirmPayment": () => confirmed }),
    );
    const { router } = renderApp(
      "/fr/order-success?payment_intent=pi_9&redirect_status=succeeded",
      createI18n("fr", { ...frenchPublic, ...frenchApp }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/success/pi_9"));
    // Testing Library reads every space as a plain one: French's no-break spaces match " ".
    expect(await screen.findByText("Votre commande est passée !")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: /^Commande passée avec succès\s!$/ })).toBeInTheDocument();
    expect(screen.getByText("Commande SM-20261122-7K3QZ · 96,30 $")).toBeInTheDocument();
    expect(screen.getByText("Un reçu a été envoyé à votre adresse e-mail (ama@example.com).")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continuer mes achats" })).toBeInTheDocument();
  });
});
