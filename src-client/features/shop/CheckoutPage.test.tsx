import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { cartLine, signedInUser } from "./testData";

beforeEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
});
// The files of a worker share one window (isolate off): a remembered way to pay must not reach the next file.
afterEach(() => {
  window.localStorage.clear();
});

/** The checkout's handlers, mobile money not offered unless a test says otherwise (payments.config). */
const checkoutHandlers = (resolvers: Parameters<typeof trpcHandlers>[0]) =>
  trpcHandlers({
    "payments.config": () => ({ provider: "test" as const, publishableKey: null, mobileMoney: false }),
    ...resolvers,
  });

const lines = [
  cartLine({ id: "a", productId: "p-a", name: "Kente Stole", price: "35.50", quantity: 2 }),
  cartLine({ id: "b", productId: "p-b", name: "Black Soap", price: "0.10", quantity: 3 }),
];
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

async function fillShipping() {
  await userEvent.type(screen.getByRole("textbox", { name: /Full Name/ }), "Ama Mensah");
  await userEvent.type(screen.getByRole("textbox", { name: /Email/ }), "ama@example.com");
  await userEvent.type(screen.getByRole("textbox", { name: /Phone/ }), "+233 20 000 0000");
  await userEvent.type(screen.getByRole("textbox", { name: /Shipping Address/ }), "12 Palm Street{enter}Accra");
}

describe("/checkout", () => {
  it("shows the shipping form with required fields, the Order Summary and the totals for the chosen shipping method", async () => {
    server.use(...checkoutHandlers({ "account.me": () => signedInUser, "cart.list": () => lines }));
    renderApp("/checkout");
    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Shipping Information" })).toBeInTheDocument();
    for (const name of [/Full Name/, /Email/, /Phone/, /Shipping Address/])
      expect(screen.getByRole("textbox", { name })).toBeRequired();
    expect(screen.getByRole("textbox", { name: /Shipping Address/ })).toHaveAttribute("rows", "3");
    expect(screen.getByRole("textbox", { name: /Email/ })).toHaveAttribute("type", "email");
    expect(screen.getByRole("radio", { name: "Standard Shipping ($10)" })).toBeChecked();

    const summary = screen.getByRole("region", { name: "Order Summary" });
    expect(
      within(summary)
        .getAllByTestId("summary-item")
        .map((el) => el.textContent),
    ).toEqual(["Kente Stole x 2$71.00", "Black Soap x 3$0.30"]);
    expect(within(summary).getByTestId("checkout-subtotal")).toHaveTextContent("$71.30");
    expect(within(summary).getByTestId("checkout-shipping")).toHaveTextContent("$10.00");
    expect(within(summary).getByTestId("checkout-total")).toHaveTextContent("$81.30");
    await userEvent.click(screen.getByRole("radio", { name: "Express Shipping ($25)" }));
    expect(within(summary).getByTestId("checkout-shipping")).toHaveTextContent("$25.00");
    expect(within(summary).getByTestId("checkout-total")).toHaveTextContent("$96.30");
  });

  it("checks the form before calling the server", async () => {
    const create = vi.fn();
    server.use(
      ...checkoutHandlers({ "account.me": () => signedInUser, "cart.list": () => lines, "orders.createPayment": create }),
    );
    renderApp("/checkout");
    await userEvent.click(await screen.findByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Shipping address is required")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: /Email/ }), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("sends the server's totals as two-decimal strings, shows 'Processing...', then the card form; paying leads to the success screen", async () => {
    let sent: unknown;
    let release: () => void = () => {};
    server.use(
      ...checkoutHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => lines,
        "orders.createPayment": async (input) => {
          sent = input;
          await new Promise<void>((resolve) => (release = resolve));
          return {
            clientSecret: "pi_1_secret_x",
            orderId: "o-1",
            orderNumber: "SM-20261122-7K3QZ",
            paymentIntentId: "pi_1",
            currency: "USD" as const,
            chargeAmount: 4500,
          };
        },
        "payments.config": () => ({ provider: "test" as const, publishableKey: null, mobileMoney: true }),
        "payments.confirmTestCard": () => ({ status: "succeeded" as const, message: null }),
        "orders.confirmPayment": () => confirmed,
      }),
    );
    const { router } = renderApp("/checkout");
    await screen.findByRole("heading", { name: "Shipping Information" });
    await fillShipping();
    await userEvent.click(screen.getByRole("radio", { name: "Express Shipping ($25)" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(sent).toEqual({
      shippingName: "Ama Mensah",
      shippingEmail: "ama@example.com",
      shippingPhone: "+233 20 000 0000",
      shippingAddress: "12 Palm Street\nAccra",
      shippingMethod: "express",
      subtotal: "71.30",
      shippingCost: "25.00",
      total: "96.30",
      currency: "USD",
      items: [
        { productId: "p-a", productName: "Kente Stole", quantity: 2, price: "35.50" },
        { productId: "p-b", productName: "Black Soap", quantity: 3, price: "0.10" },
      ],
    });
    release();

    expect(await screen.findByRole("heading", { name: "Payment Information" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Order Summary" })).toBeInTheDocument();
    await userEvent.type(await screen.findByRole("textbox", { name: /Card number/ }, { timeout: 3000 }), "4242 4242 4242 4242");
    await userEvent.type(screen.getByRole("textbox", { name: /Expiry/ }), "12/34");
    await userEvent.type(screen.getByRole("textbox", { name: /CVC/ }), "123");
    await userEvent.click(screen.getByRole("button", { name: "Pay $96.30" }));
    expect(await screen.findByText("Your order has been placed!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/success/pi_1"));
    expect(await screen.findByRole("heading", { name: "Order Placed Successfully!" })).toBeInTheDocument();
  });

  it("shows 'Error - Failed to create order. Please try again.' and the server's reason when it refuses", async () => {
    server.use(
      ...checkoutHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => lines,
        "orders.createPayment": () => ({
          error: { code: "CONFLICT", message: "Your cart has changed. Please review your order and try again." },
        }),
      }),
    );
    renderApp("/checkout");
    await screen.findByRole("heading", { name: "Shipping Information" });
    await fillShipping();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Failed to create order. Please try again.")).toBeInTheDocument();
    const form = screen.getByRole("region", { name: "Shipping Information" });
    expect(within(form).getByRole("alert")).toHaveTextContent("Your cart has changed. Please review your order and try again.");
    expect(screen.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
  });

  it("redirects to /cart once the cart has loaded empty", async () => {
    server.use(...checkoutHandlers({ "account.me": () => signedInUser, "cart.list": () => [] }));
    const { router } = renderApp("/checkout");
    await waitFor(() => expect(router.state.location.pathname).toBe("/cart"));
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
  });
});

describe("/checkout unauthorized", () => {
  const originalLocation = window.location;
  afterEach(() => {
    Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
  });
  const fakeLocation = () => {
    const assign = vi.fn();
    Object.defineProperty(window, "location", {
      configurable: true,
      value: { ...originalLocation, pathname: "/checkout", search: "", assign },
    });
    return assign;
  };

  it("shows 'Login Required' to a visitor and goes to /api/login after 500 ms", async () => {
    const assign = fakeLocation();
    server.use(...checkoutHandlers({ "account.me": () => null }));
    renderApp("/checkout");
    await waitFor(() => expect(screen.getAllByText("Please log in to checkout")).toHaveLength(2));
    expect(screen.getAllByText("Login Required")).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login?returnTo=%2Fcheckout"), { timeout: 2000 });
  });

  it("shows 'Unauthorized - Please log in again' when the session ended, then goes to the login", async () => {
    const assign = fakeLocation();
    server.use(
      ...checkoutHandlers({
        "account.me": () => signedInUser,
        "cart.list": () => lines,
        "orders.createPayment": () => ({ error: { code: "UNAUTHORIZED", message: "Unauthorized" } }),
      }),
    );
    renderApp("/checkout");
    await screen.findByRole("heading", { name: "Shipping Information" }, { timeout: 3000 });
    await fillShipping();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Please log in again")).toBeInTheDocument();
    expect(screen.getByText("Unauthorized")).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login?returnTo=%2Fcheckout"), { timeout: 2000 });
  });
});

/** A cart whose payment the server starts. */
const serveCheckout = () =>
  server.use(
    ...checkoutHandlers({
      "account.me": () => signedInUser,
      "cart.list": () => lines,
      "orders.createPayment": () => ({
        clientSecret: "pi_1_secret_x",
        orderId: "o-1",
        orderNumber: "SM-20261122-7K3QZ",
        paymentIntentId: "pi_1",
        currency: "USD" as const,
        chargeAmount: 8130,
      }),
    }),
  );

/** The checkout in a language, up to its payment step: its form checked empty first, then filled at once. */
async function toPayment(submit: RegExp, fields: RegExp[], paymentTitle: RegExp) {
  await userEvent.click(await screen.findByRole("button", { name: submit }));
  // The step as its checks left it (the next one takes its place).
  const checked = (document.querySelector("main") as HTMLElement).cloneNode(true) as HTMLElement;
  const values = ["Ama Mensah", "ama@example.com", "+233 20 000 0000", "12 Palm Street"];
  fields.forEach((name, i) => fireEvent.change(screen.getByRole("textbox", { name }), { target: { value: values[i] } }));
  await userEvent.click(screen.getByRole("button", { name: submit }));
  await screen.findByRole("heading", { name: paymentTitle });
  return checked;
}

// The order's number, the products' names, amounts, quantities, the card number's digits, a required field's asterisk.
const NOT_ITS_WORDS = /^(SM-20261122-7K3QZ|Kente Stole|Black Soap|\$[\d,.]+|[\d ]+|\*)$/;

describe("/checkout in the pseudo-language (issue #45)", () => {
  it("draws every text of its own from the catalog, its form's checks included, on both steps", async () => {
    serveCheckout();
    renderApp("/checkout", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦Checkout⟧/ });
    const shippingStep = await toPayment(/Continue to Payment/, [/Full Name/, /Email/, /Phone/, /Shipping Address/], /Payment Information/);
    expect(shippingStep.textContent).toContain("⟦Full name is required⟧");
    expect(bypassing(shippingStep, NOT_ITS_WORDS)).toEqual([]);
    expect(bypassing(document.querySelector("main") as HTMLElement, NOT_ITS_WORDS)).toEqual([]);
  }, 60_000);
});

describe("/checkout in French (issue #45)", () => {
  afterEach(() => setFormatLocale("en"));

  it("draws both steps, the form's checks and the Order Summary in French", async () => {
    setFormatLocale("fr");
    serveCheckout();
    renderApp("/fr/checkout", createI18n("fr", { ...frenchPublic, ...frenchApp }));
    expect(await screen.findByRole("heading", { level: 1, name: "Validation de la commande" })).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: /^Livraison standard \(10\s\$\)$/ })).toBeChecked();
    const summary = screen.getByRole("region", { name: "Récapitulatif de la commande" });
    // Testing Library reads every space as a plain one: French's no-break spaces match " ".
    expect(within(summary).getByTestId("checkout-total")).toHaveTextContent("81,30 $");
    const shippingStep = await toPayment(
      /Passer au paiement/,
      [/Nom complet/, /E-mail/, /Téléphone/, /Adresse de livraison/],
      /Informations de paiement/,
    );
    expect(shippingStep.textContent).toContain("Le nom complet est obligatoire");
    expect(shippingStep.textContent).toContain("L’adresse de livraison est obligatoire");
    expect(screen.getByText("Commande SM-20261122-7K3QZ")).toBeInTheDocument();
  }, 60_000);
});
