import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APPROVE_ON_PHONE, PROMPT_DECLINED } from "../../../src/domain/mobile-money";
import { PAYMENT_CHOICE_KEY } from "../payments/payment-choice";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import { seerData } from "../seers/testData";

// docs/product.md#mobile-money: the booking wizard's payment step in a local currency, by mobile money.

beforeEach(() => {
  notifications.clean();
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 30));
});
// The files of a worker share one window (isolate off): a remembered choice must not reach the next file.
afterEach(() => {
  window.localStorage.clear();
});

type Handlers = Parameters<typeof trpcHandlers>[0];
/** GH₵ at 14.42: $45.00 is 64,890 pesewas. */
const CHARGES = { USD: 4500, GHS: 64890, NGN: 6975000, KES: 580500, ZAR: 81900, XOF: 27248, XAF: 27248 } as const;

function signedIn(overrides: Handlers = {}) {
  const created: { currency?: string }[] = [];
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInClient,
      "cart.list": () => [],
      "seers.byId": ({ id }) => seerData({ id }),
      "bookings.takenSlots": () => ({ taken: [], notOffered: [] }),
      "payments.config": () => ({ provider: "test", publishableKey: null, mobileMoney: true }),
      "bookings.createPaymentIntent": (input) => {
        created.push(input);
        const currency = input.currency ?? "USD";
        const n = created.length;
        return {
          clientSecret: `pi_${n}_secret_x`,
          bookingId: `b-${n}`,
          paymentIntentId: `pi_${n}`,
          amount: "45.00",
          currency,
          chargeAmount: CHARGES[currency],
        };
      },
      "bookings.confirmPayment": () => ({ bookingId: "b-2", status: "confirmed" as const, meetingLink: "/meeting/b-2" }),
      "bookings.byId": () => ({ error: { code: "NOT_FOUND", message: "Meeting Not Found" } }),
      ...overrides,
    }),
  );
  return created;
}

/** Date, time and review, up to the payment step. */
async function toPayment(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "23 November 2026" }));
  const slot = () => within(screen.getByRole("group", { name: "Time slots" })).getByRole("button", { name: "10:00" });
  await waitFor(() => expect(slot()).toBeEnabled());
  await user.click(slot());
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.click(await screen.findByRole("button", { name: "Continue to Payment" }));
  await screen.findByRole("heading", { name: "Payment Information" });
}

async function chooseCedis(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("radio", { name: "Mobile money or local card" }));
  await user.selectOptions(await screen.findByRole("combobox", { name: "Pay in" }), "Ghanaian cedi (GHS)");
  await screen.findByText("You pay GH₵648.90 ($45.00)");
}

describe("/book/{id} paying by mobile money", () => {
  it("offers Card (USD) first, with the card form, and every local currency by name", async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await toPayment(user);
    expect(screen.getByRole("radio", { name: "Card (USD)" })).toHaveAttribute("aria-checked", "true");
    expect(await screen.findByRole("button", { name: "Pay $45.00" })).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Mobile money or local card" }));
    const payIn = screen.getByRole("combobox", { name: "Pay in" });
    expect(
      within(payIn)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Choose a currency",
      "Ghanaian cedi (GHS)",
      "Nigerian naira (NGN)",
      "Kenyan shilling (KES)",
      "South African rand (ZAR)",
      "West African CFA franc (XOF)",
      "Central African CFA franc (XAF)",
    ]);
    expect(screen.queryByRole("button", { name: "Pay $45.00" })).not.toBeInTheDocument();
  });

  it("asks for the same slot's payment again in cedis and shows what the client pays, then in francs", async () => {
    const created = signedIn();
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await toPayment(user);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ currency: "USD" });
    await chooseCedis(user);
    expect(created).toHaveLength(2);
    expect(created[1]).toMatchObject({
      seerId: "seer-1",
      sessionType: "30min",
      scheduledDate: "2026-11-23",
      scheduledTime: "10:00",
      amount: "45.00",
      currency: "GHS",
    });
    await user.selectOptions(screen.getByRole("combobox", { name: "Pay in" }), "West African CFA franc (XOF)");
    expect(await screen.findByText("You pay CFA 27,248 ($45.00)")).toBeInTheDocument();
    expect(created[2]).toMatchObject({ currency: "XOF" });
  });

  it("sends the prompt to the number, waits for the phone, and the test phone's Approve books the session", async () => {
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
    const { router } = renderApp("/book/seer-1");
    await toPayment(user);
    await chooseCedis(user);
    const testPhone = screen.getByRole("region", { name: "Test phone" });
    expect(testPhone).toHaveTextContent("Test mode: a number ending in 0000 declines at once.");
    expect(within(testPhone).getByRole("button", { name: "Approve" })).toBeDisabled();

    await user.type(screen.getByRole("textbox", { name: "Mobile money number" }), "024 412 1234");
    await user.click(screen.getByRole("button", { name: "Send payment prompt" }));
    expect(await screen.findByText(APPROVE_ON_PHONE)).toBeInTheDocument();
    expect(prompts).toEqual([{ clientSecret: "pi_2_secret_x", phone: "024 412 1234" }]);

    await user.click(within(testPhone).getByRole("button", { name: "Approve" }));
    expect(answers).toEqual([{ clientSecret: "pi_2_secret_x", approve: true }]);
    expect(await screen.findByText("Your consultation has been booked!")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Booking Confirmed!" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/booking/success/pi_2");
  });

  it("says a declined prompt in red and sends it again to the same number with Try again", async () => {
    const prompts: unknown[] = [];
    signedIn({
      "payments.startMobileMoney": (input) => {
        prompts.push(input);
        return { status: "requires_action" as const, message: null };
      },
      "payments.mobileMoneyState": () => ({ status: "requires_action" as const, message: null }),
      "payments.answerTestPhone": () => ({ status: "requires_payment_method" as const, message: PROMPT_DECLINED }),
    });
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await toPayment(user);
    await chooseCedis(user);
    await user.type(screen.getByRole("textbox", { name: "Mobile money number" }), "0244121234");
    await user.click(screen.getByRole("button", { name: "Send payment prompt" }));
    await screen.findByText(APPROVE_ON_PHONE);
    await user.click(within(screen.getByRole("region", { name: "Test phone" })).getByRole("button", { name: "Decline" }));

    const failure = await screen.findByRole("alert", { name: "Payment Failed" });
    expect(failure).toHaveTextContent(PROMPT_DECLINED);
    expect(screen.queryByText(APPROVE_ON_PHONE)).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Mobile money number" })).toHaveValue("0244121234");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(APPROVE_ON_PHONE)).toBeInTheDocument();
    expect(prompts).toEqual([
      { clientSecret: "pi_2_secret_x", phone: "0244121234" },
      { clientSecret: "pi_2_secret_x", phone: "0244121234" },
    ]);
    expect(screen.queryByRole("alert", { name: "Payment Failed" })).not.toBeInTheDocument();
  });

  it("goes back to the review with the card chosen again when the payment cannot be asked in the currency", async () => {
    const created: { currency?: string }[] = [];
    signedIn({
      "bookings.createPaymentIntent": (input) => {
        created.push(input);
        if (input.currency === "GHS") return { error: { code: "INTERNAL_SERVER_ERROR", message: "No rate" } };
        const n = created.length;
        return {
          clientSecret: `pi_${n}_secret_x`,
          bookingId: `b-${n}`,
          paymentIntentId: `pi_${n}`,
          amount: "45.00",
          currency: "USD" as const,
          chargeAmount: 4500,
        };
      },
    });
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await toPayment(user);
    await user.click(screen.getByRole("radio", { name: "Mobile money or local card" }));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Pay in" }), "Ghanaian cedi (GHS)");
    expect(await screen.findByText("Failed to create payment. Please try again.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Review Your Booking" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByRole("button", { name: "Pay $45.00" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Card (USD)" })).toHaveAttribute("aria-checked", "true");
    expect(created.map((c) => c.currency)).toEqual(["USD", "GHS", "USD"]);
  });

  it("remembers the way to pay and starts from it next time", async () => {
    const created = signedIn();
    const user = userEvent.setup();
    const first = renderApp("/book/seer-1");
    await toPayment(user);
    await chooseCedis(user);
    expect(JSON.parse(window.localStorage.getItem(PAYMENT_CHOICE_KEY) ?? "null")).toEqual({ method: "local", currency: "GHS" });
    first.unmount();

    created.length = 0;
    renderApp("/book/seer-1");
    await toPayment(user);
    expect(screen.getByRole("radio", { name: "Mobile money or local card" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("combobox", { name: "Pay in" })).toHaveValue("GHS");
    expect(await screen.findByText("You pay GH₵648.90 ($45.00)")).toBeInTheDocument();
    // Asked in cedis from the start: one payment intent, not a dollar one first.
    expect(created.map((c) => c.currency)).toEqual(["GHS"]);
  });

  it("offers only the card where mobile money is not offered, whatever was remembered", async () => {
    window.localStorage.setItem(PAYMENT_CHOICE_KEY, JSON.stringify({ method: "local", currency: "GHS" }));
    // (The test-mode card form: Stripe's script, once loaded, stays for the other files of this worker.)
    const created = signedIn({ "payments.config": () => ({ provider: "test", publishableKey: null, mobileMoney: false }) });
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await toPayment(user);
    expect(screen.queryByRole("radio", { name: "Mobile money or local card" })).not.toBeInTheDocument();
    expect(created.map((c) => c.currency)).toEqual(["USD"]);
  });
});
