import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";

const booking = {
  id: "b-1",
  seerId: "seer-1",
  seerName: "Iya Adunni Olawale",
  clientId: "u-client",
  sessionType: "60min" as const,
  scheduledDate: "2026-12-01",
  scheduledTime: "09:00",
  clientTimezone: "Africa/Lagos",
  seerTimezone: "UTC",
  startsAt: new Date("2026-12-01T08:00:00Z"),
  endsAt: new Date("2026-12-01T09:00:00Z"),
  amount: "1250.00",
  chargeCurrency: "USD" as const,
  chargeAmount: null,
  platformFee: "250.00",
  seerEarnings: "1000.00",
  status: "confirmed" as const,
  consultationLink: "/meeting/b-1",
  notes: null,
  createdAt: new Date("2026-11-24T08:00:00Z"),
};

const client = signedInClient;

describe("/booking/success/{paymentIntentId}", () => {
  it("shows 'Confirming your booking...' and then the confirmation with the meeting room link", async () => {
    let release: () => void = () => {};
    const confirmed: string[] = [];
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "bookings.confirmPayment": async ({ paymentIntentId }) => {
          confirmed.push(paymentIntentId);
          await new Promise<void>((resolve) => (release = resolve));
          return { bookingId: "b-1", status: "confirmed" as const, meetingLink: "/meeting/b-1" };
        },
        "bookings.byId": () => booking,
      }),
    );
    renderApp("/booking/success/pi_123");
    expect(await screen.findByText("Confirming your booking...")).toBeInTheDocument();
    release();
    expect(await screen.findByRole("heading", { level: 1, name: "Booking Confirmed!" })).toBeInTheDocument();
    expect(confirmed).toEqual(["pi_123"]);
    expect(screen.getByText("Payment Confirmed")).toBeInTheDocument();
    expect(screen.getByText(/e-mail confirmation with a calendar invite/)).toBeInTheDocument();
    expect(screen.getByText(/reminder 24 hours before/)).toBeInTheDocument();
    expect(screen.getByText(/Seer may reach out/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Meeting Room" })).toHaveAttribute("href", "/meeting/b-1");
    expect(screen.getByRole("link", { name: "Browse More Seers" })).toHaveAttribute("href", "/seers");
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    // The booking itself, on the client's clock (Lagos is UTC+1), with its calendar file.
    const details = await screen.findByRole("region", { name: "Your booking" });
    expect(details).toHaveTextContent("Iya Adunni Olawale");
    expect(details).toHaveTextContent("Tuesday, December 1, 2026");
    expect(details).toHaveTextContent("09:00 (Africa/Lagos)");
    expect(details).toHaveTextContent("60 minutes");
    expect(details).toHaveTextContent("$1,250.00");
    expect(screen.getByRole("link", { name: "Add to Calendar" })).toHaveAttribute("href", "/api/bookings/b-1/calendar.ics");
  });

  it("leaves out 'View Meeting Room' when no link came back", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "bookings.confirmPayment": () => ({ bookingId: "b-1", status: "confirmed" as const, meetingLink: null }),
        "bookings.byId": () => booking,
      }),
    );
    renderApp("/booking/success/pi_9");
    expect(await screen.findByRole("heading", { name: "Booking Confirmed!" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "View Meeting Room" })).not.toBeInTheDocument();
  });

  it("shows the failure text with a return to /seers when the confirmation fails", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "bookings.confirmPayment": () => ({ error: { code: "BAD_REQUEST", message: "This payment has not been completed." } }),
      }),
    );
    renderApp("/booking/success/pi_bad");
    expect(await screen.findByRole("heading", { name: "Payment Confirmation Failed" })).toBeInTheDocument();
    expect(screen.getByText("There was an issue confirming your payment. Please contact support.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Seers" })).toHaveAttribute("href", "/seers");
  });

  it("/booking-success goes on to the confirmation of the provider's payment_intent, and to /seers without one", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "bookings.confirmPayment": () => ({ bookingId: "b-1", status: "confirmed" as const, meetingLink: "/meeting/b-1" }),
        "bookings.byId": () => booking,
        "seers.list": () => ({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 12, nextCursor: null }),
        "seers.filterOptions": () => ({ countries: [], specializations: [], languages: [] }),
      }),
    );
    const first = renderApp("/booking-success?payment_intent=pi_777&payment_intent_client_secret=x&redirect_status=succeeded");
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/booking/success/pi_777"));
    expect(await screen.findByRole("heading", { name: "Booking Confirmed!" })).toBeInTheDocument();
    first.unmount();
    const second = renderApp("/booking-success");
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/seers"));
  });
});
