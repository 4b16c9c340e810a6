import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { APPROVE_ON_PHONE } from "../../../src/domain/mobile-money";
import { PAYMENT_CHOICE_KEY } from "../payments/payment-choice";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { cartLine, signedInUser } from "./testData";

// docs/product.md#mobile-money: the checkout's payment in a local currency, by mobile money.

beforeEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
});
// The files of a worker share one window (isolate off): a remembered way to pay must not reach the next file.
afterEach(() => {
  window.localStorage.clear();
});

type Handlers = Parameters<typeof trpcHandlers>[0];
/** $81.30 (the lines and standard shipping) in each currency's minor units; GH₵ at 14.42: 117,235 pesewas. */
const CHARGES = { USD: 8130, GHS: 117235, NGN: 12601500, KES: 1048770, ZAR: 147966, XOF: 49228, XAF: 49228 } as const;

const lines = [
  cartLine({ id: "a", productId: "p-a", name: "Kente Stole", price: "35.50", quantity: 2 }),
  cartLine({ id: "b", productId: "p-b", name: "Black Soap", price: "0.10", quantity: 3 }),
];
const confirmed = {
  orderId: "o-2",
  orderNumber: "SM-20261122-8M4RA",
  status: "paid" as const,
  items: [],
  subtotal: "71.30",
  shippingCost: "10.00",
  total: "81.30",
  chargeCurrency: "USD" as const,
  chargeAmount: null,
  shippingMethod: "standard" as const,
  shippingEmail: "ama@example.com",
};

function signedIn(overrides: Handlers = {}) {
  const created: { currency?: string; shippingName: string; total: string }[] = [];
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInUser,
      "cart.list": () => lines,
      "payments.config": () => ({ provider: "test" as const, publishableKey: null, mobileMoney: true }),
      "orders.createPayment": (input) => {
        created.push(input);
        const currency = input.currency ?? "USD";
        const n = created.length;
        return {
          clientSecret: `pi_${n}_secret_x`,
          orderId: `o-${n}`,
          orderNumber: `SM-20261122-000${n}`,
          paymentIntentId: `pi_${n}`,
          currency,
          chargeAmount: CHARGES[currency],
        };
      },
      "orders.confirmPayment": () => confirmed,
      ...overrides,
    }),
  );
  return created;
}

/** The shipping step filled in and sent: the payment step. */
async function toPayment(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole("heading", { name: "Shipping Information" });
  await user.type(screen.getByRole("textbox", { name: /Full Name/ }), "Ama Mensah");
  await user.type(screen.getByRole("textbox", { name: /Email/ }), "ama@example.com");
  await user.type(screen.getByRole("textbox", { name: /Phone/ }), "+233 20 000 0000");
  await user.type(screen.getByRole("textbox", { name: /Shipping Address/ }), "12 Palm Street");
  await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
  await screen.findByRole("heading", { name: "Payment Information" });
}

async function chooseCedis(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("radio", { name: "Mobile money or local card" }));
  await user.selectOptions(await screen.findByRole("combobox", { name: "Pay in" }), "Ghanaian cedi (GHS)");
  await screen.findByText("You pay GH₵1,172.35 ($81.30)");
}

describe("/checkout paying by mobile money", () => {
  it("asks for the order's payment again in cedis and shows what the client pays, then the mobile money form", async () => {
    const created = signedIn();
    const user = userEvent.setup();
    renderApp("/checkout");
    await toPayment(user);
    expect(screen.getByRole("radio", { name: "Card (USD)" })).toHaveAttribute("aria-checked", "true");
    expect(await screen.findByRole("button", { name: "Pay $81.30" })).toBeInTheDocument();
    expect(created.map((c) => c.currency)).toEqual(["USD"]);

    await chooseCedis(user);
    expect(created.map((c) => c.currency)).toEqual(["USD", "GHS"]);
    expect(created[1]).toMatchObject({ shippingName: "Ama Mensah", shippingMethod: "standard", total: "81.30" });
    expect(screen.getByText("Order SM-20261122-0002")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Mobile money number" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay $81.30" })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(PAYMENT_CHOICE_KEY) ?? "null")).toEqual({ method: "local", currency: "GHS" });
  });

  it("sends the prompt to the number, and the test phone's Approve places the order", async () => {
    const prompts: unknown[] = [];
    const answers: unknown[] = [];
    signedIn({
      "payments.startMobileMoney": (input) => {
        prompts.push(input);
        return { status: "requires_action" as const, message: null };
      },
      "payments.mobileMoneyState": () => ({ status: "requires_action" as const, message: null }),
      "payments.answerTestPhone": (input) => {
        answers.push(input);
        return { status: "succeeded" as const, message: null };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp("/checkout");
    await toPayment(user);
    await chooseCedis(user);

    await user.type(screen.getByRole("textbox", { name: "Mobile money number" }), "024 412 1234");
    await user.click(screen.getByRole("button", { name: "Send payment prompt" }));
    expect(await screen.findByText(APPROVE_ON_PHONE)).toBeInTheDocument();
    expect(prompts).toEqual([{ clientSecret: "pi_2_secret_x", phone: "024 412 1234" }]);

    await user.click(within(screen.getByRole("region", { name: "Test phone" })).getByRole("button", { name: "Approve" }));
    expect(answers).toEqual([{ clientSecret: "pi_2_secret_x", approve: true }]);
    expect(await screen.findByText("Your order has been placed!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/success/pi_2"));
    expect(await screen.findByRole("heading", { name: "Order Placed Successfully!" })).toBeInTheDocument();
  });

  it("goes back to the shipping step, with the server's reason and the card again, when the cedis payment is refused", async () => {
    const created: { currency?: string }[] = [];
    signedIn({
      "orders.createPayment": (input) => {
        created.push(input);
        if (input.currency === "GHS")
          return {
            error: { code: "CONFLICT" as const, message: "Your cart has changed. Please review your order and try again." },
          };
        return {
          clientSecret: `pi_${created.length}_secret_x`,
          orderId: `o-${created.length}`,
          orderNumber: `SM-20261122-000${created.length}`,
          paymentIntentId: `pi_${created.length}`,
          currency: "USD" as const,
          chargeAmount: CHARGES.USD,
        };
      },
    });
    const user = userEvent.setup();
    renderApp("/checkout");
    await toPayment(user);
    await user.click(screen.getByRole("radio", { name: "Mobile money or local card" }));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Pay in" }), "Ghanaian cedi (GHS)");
    expect(await screen.findByText("Failed to create order. Please try again.")).toBeInTheDocument();
    const form = await screen.findByRole("region", { name: "Shipping Information" });
    expect(within(form).getByRole("alert")).toHaveTextContent("Your cart has changed. Please review your order and try again.");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByRole("button", { name: "Pay $81.30" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Card (USD)" })).toHaveAttribute("aria-checked", "true");
    expect(created.map((c) => c.currency)).toEqual(["USD", "GHS", "USD"]);
  });

  it("asks in cedis from the start when the client chose them last time", async () => {
    window.localStorage.setItem(PAYMENT_CHOICE_KEY, JSON.stringify({ method: "local", currency: "GHS" }));
    const created = signedIn();
    const user = userEvent.setup();
    renderApp("/checkout");
    await toPayment(user);
    expect(await screen.findByText("You pay GH₵1,172.35 ($81.30)")).toBeInTheDocument();
    expect(created.map((c) => c.currency)).toEqual(["GHS"]);
  });

  it("offers only the card where mobile money is not offered, whatever was remembered", async () => {
    window.localStorage.setItem(PAYMENT_CHOICE_KEY, JSON.stringify({ method: "local", currency: "GHS" }));
    const created = signedIn({
      "payments.config": () => ({ provider: "test" as const, publishableKey: null, mobileMoney: false }),
    });
    const user = userEvent.setup();
    renderApp("/checkout");
    await toPayment(user);
    expect(await screen.findByRole("button", { name: "Pay $81.30" })).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Mobile money or local card" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Mobile money number" })).not.toBeInTheDocument();
    expect(created.map((c) => c.currency)).toEqual(["USD"]);
  });
});
