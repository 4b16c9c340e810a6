import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import { seerData } from "../seers/testData";

const client = signedInClient;

beforeEach(() => {
  // The toast store outlives each render; one visible at a time would queue this test's toasts behind the last one's.
  notifications.clean();
  // Only Date is faked: "today" is 22 November 2026, 10:30 on the test machine's own clock.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 30));
});

function signedIn(overrides: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => client,
      "cart.list": () => [],
      "seers.byId": ({ id }) => seerData({ id }),
      "bookings.takenSlots": () => ({ taken: [], notOffered: [] }),
      "payments.config": () => ({ provider: "test", publishableKey: null, mobileMoney: true }),
      ...overrides,
    }),
  );
}

const slotButtons = () => within(screen.getByRole("group", { name: "Time slots" })).getAllByRole("button");
const slot = (time: string) => within(screen.getByRole("group", { name: "Time slots" })).getByRole("button", { name: time });

describe("/book/{id} booking wizard, step 1", () => {
  it("defaults the session to 30 minutes when the parameter is missing or unknown", async () => {
    signedIn();
    const first = renderApp("/book/seer-1");
    expect(await screen.findByText(/30 Minute Session with Ama Serwaa Owusu/)).toHaveTextContent("$45.00");
    first.unmount();
    renderApp("/book/seer-1?session=90min");
    expect(await screen.findByText(/30 Minute Session with Ama Serwaa Owusu/)).toBeInTheDocument();
  });

  it("uses the chosen session length and its stored price", async () => {
    signedIn();
    renderApp("/book/seer-1?session=60min");
    expect(await screen.findByText(/60 Minute Session with Ama Serwaa Owusu/)).toHaveTextContent("$80.00");
  });

  it("disables dates before today and offers the 12 hourly slots from 09:00 to 20:00", async () => {
    signedIn();
    renderApp("/book/seer-1");
    expect(await screen.findByRole("button", { name: "21 November 2026" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "22 November 2026" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "23 November 2026" })).toBeEnabled();
    expect(slotButtons().map((b) => b.textContent)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "18:00",
      "19:00",
      "20:00",
    ]);
  });

  it("asks for both a date and a time before going on", async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await user.click(await screen.findByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Selection Required")).toBeInTheDocument();
    expect(screen.getByText("Please select both date and time")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "23 November 2026" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.queryByRole("heading", { name: "Review Your Booking" })).not.toBeInTheDocument();
  });

  it("disables slots already booked or held for the Seer, and today's slots that have passed", async () => {
    const asked: unknown[] = [];
    signedIn({
      "bookings.takenSlots": (input) => {
        asked.push(input);
        return { taken: ["14:00"], notOffered: [] };
      },
    });
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await user.click(await screen.findByRole("button", { name: "22 November 2026" }));
    await waitFor(() => expect(slot("14:00")).toBeDisabled());
    expect(slot("09:00")).toBeDisabled();
    expect(slot("10:00")).toBeDisabled();
    expect(slot("11:00")).toBeEnabled();
    expect(asked[0]).toMatchObject({
      seerId: "seer-1",
      scheduledDate: "2026-11-22",
      clientTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe("/book/{id} and the Seer's availability", () => {
  it("stops the calendar at the Seer's own horizon, shorter or longer than 90 days", async () => {
    signedIn({ "seers.byId": ({ id }) => seerData({ id, horizonDays: 5 }) });
    const near = renderApp("/book/seer-1");
    expect(await screen.findByRole("button", { name: "27 November 2026" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "28 November 2026" })).toBeDisabled();
    near.unmount();

    // A year ahead: the calendar opens on the date in the address, 365 days from 22 November 2026.
    signedIn({ "seers.byId": ({ id }) => seerData({ id, horizonDays: 365 }) });
    renderApp("/book/seer-1?date=2027-11-22");
    expect(await screen.findByRole("button", { name: "22 November 2027" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "1 November 2027" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "23 November 2027" })).toBeDisabled();
  });

  it("shows only the times the Seer offers on that date, and says so when none", async () => {
    signedIn({
      "bookings.takenSlots": ({ scheduledDate }) =>
        scheduledDate === "2026-11-23"
          ? {
              taken: [],
              notOffered: [
                "09:00",
                "10:00",
                "11:00",
                "12:00",
                "13:00",
                "14:00",
                "15:00",
                "16:00",
                "17:00",
                "18:00",
                "19:00",
                "20:00",
              ],
            }
          : {
              taken: [],
              notOffered: ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "19:00", "20:00"],
            },
    });
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await user.click(await screen.findByRole("button", { name: "24 November 2026" }));
    await waitFor(() => expect(slotButtons().map((b) => b.textContent)).toEqual(["18:00"]));
    await user.click(screen.getByRole("button", { name: "23 November 2026" }));
    expect(await screen.findByText("The Seer is not available on this day. Please choose another date.")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Time slots" })).queryAllByRole("button")).toHaveLength(0);
  });

  it("offers no slot when the day's availability cannot be loaded", async () => {
    signedIn({ "bookings.takenSlots": () => ({ error: { code: "INTERNAL_SERVER_ERROR", message: "boom" } }) });
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await user.click(await screen.findByRole("button", { name: "24 November 2026" }));
    expect(await screen.findByText("Could not load the available times for this day. Please choose the date again.")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Time slots" })).not.toBeInTheDocument();
  });
});

describe("/book/{id} review and payment", () => {
  it("reviews with notes, goes Back, shows Processing..., then pays; a declined card re-enables the form", async () => {
    let release: () => void = () => {};
    const created: unknown[] = [];
    signedIn({
      "bookings.createPaymentIntent": async (input) => {
        created.push(input);
        await new Promise<void>((resolve) => (release = resolve));
        return {
          clientSecret: "pi_1_secret_x",
          bookingId: "b-1",
          paymentIntentId: "pi_1",
          amount: "45.00",
          currency: "USD" as const,
          chargeAmount: 4500,
        };
      },
      "payments.confirmTestCard": ({ cardNumber }) =>
        cardNumber.replace(/\s/g, "") === "4242424242424242"
          ? { status: "succeeded" as const, message: null }
          : { status: "requires_payment_method" as const, message: "Your card was declined." },
      "bookings.confirmPayment": ({ paymentIntentId }) => ({
        bookingId: "b-1",
        status: "confirmed" as const,
        meetingLink: `/meeting/b-1?pi=${paymentIntentId}`,
      }),
      // The success page's details of the booking (not this test's subject).
      "bookings.byId": () => ({ error: { code: "NOT_FOUND", message: "Meeting Not Found" } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp("/book/seer-1");
    await user.click(await screen.findByRole("button", { name: "23 November 2026" }));
    await waitFor(() => expect(slot("10:00")).toBeEnabled());
    await user.click(slot("10:00"));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByRole("heading", { name: "Review Your Booking" })).toBeInTheDocument();
    expect(screen.getByText("Monday, November 23, 2026")).toBeInTheDocument();
    // The step, date and time are in the address: the browser's Back returns to the date step with the choice kept,
    // Forward to the review.
    expect(router.state.location.search).toMatchObject({ step: "review", date: "2026-11-23", time: "10:00" });
    router.history.back();
    expect(await screen.findByRole("group", { name: "Time slots" })).toBeInTheDocument();
    expect(slot("10:00")).toHaveAttribute("aria-pressed", "true");
    router.history.forward();
    expect(await screen.findByRole("heading", { name: "Review Your Booking" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("group", { name: "Time slots" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await user.type(await screen.findByLabelText("Session Notes (Optional)"), "Guidance about my work");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    release();
    expect(created[0]).toMatchObject({
      seerId: "seer-1",
      sessionType: "30min",
      scheduledDate: "2026-11-23",
      scheduledTime: "10:00",
      notes: "Guidance about my work",
      amount: "45.00",
      currency: "USD",
    });

    await user.type(await screen.findByLabelText(/Card number/), "4000 0000 0000 0002");
    await user.type(screen.getByLabelText(/Expiry/), "12/34");
    await user.type(screen.getByLabelText(/CVC/), "123");
    await user.click(screen.getByRole("button", { name: "Pay $45.00" }));
    // Said next to the card form, with the focus on it, not in a toast.
    const failure = await screen.findByRole("alert", { name: "Payment Failed" });
    expect(failure).toHaveTextContent("Payment Failed");
    expect(failure).toHaveTextContent("Your card was declined.");
    await waitFor(() => expect(failure).toHaveFocus());
    expect(within(screen.getByRole("form", { name: "Card payment" })).getByRole("alert", { name: "Payment Failed" })).toBe(failure);
    expect(screen.getByRole("button", { name: "Pay $45.00" })).toBeEnabled();

    // The failure toast is dismissed (one toast shows at a time).
    act(() => notifications.clean());
    await user.clear(screen.getByLabelText(/Card number/));
    await user.type(screen.getByLabelText(/Card number/), "4242 4242 4242 4242");
    await user.click(screen.getByRole("button", { name: "Pay $45.00" }));
    expect(await screen.findByText("Your consultation has been booked!")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Booking Confirmed!" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/booking/success/pi_1");
  });

  it("says 'Failed to create payment. Please try again.' when the payment intent cannot be created", async () => {
    signedIn({ "bookings.createPaymentIntent": () => ({ error: { code: "INTERNAL_SERVER_ERROR", message: "boom" } }) });
    const user = userEvent.setup();
    renderApp("/book/seer-1");
    await user.click(await screen.findByRole("button", { name: "23 November 2026" }));
    await waitFor(() => expect(slot("12:00")).toBeEnabled());
    await user.click(slot("12:00"));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Failed to create payment. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
  });
});

describe("/book/{id} signed out", () => {
  const originalLocation = window.location;
  afterEach(() => {
    Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
  });

  it("shows 'Login Required' and goes to the login address after 500 ms", async () => {
    const assign = vi.fn();
    Object.defineProperty(window, "location", {
      configurable: true,
      value: { ...originalLocation, pathname: "/book/seer-1", search: "?session=60min", assign },
    });
    server.use(...trpcHandlers({ "account.me": () => null, "seers.byId": ({ id }) => seerData({ id }) }));
    renderApp("/book/seer-1?session=60min");
    // The page's own notice and the toast.
    await waitFor(() => expect(screen.getAllByText("Please log in to book a consultation")).toHaveLength(2));
    expect(screen.getAllByText("Login Required")).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login?returnTo=%2Fbook%2Fseer-1%3Fsession%3D60min"), {
      timeout: 2000,
    });
  });
});
