import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";

const client = {
  id: "u-client",
  email: "client@example.com",
  firstName: "Kofi",
  lastName: "Boateng",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
};

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
  });

  it("leaves out 'View Meeting Room' when no link came back", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "bookings.confirmPayment": () => ({ bookingId: "b-1", status: "confirmed" as const, meetingLink: null }),
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
        "seers.list": () => ({ items: [], total: 0, page: 1, pageSize: 12, nextCursor: null }),
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
