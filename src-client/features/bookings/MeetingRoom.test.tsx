import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import type { Booking } from "./types";

const client = {
  id: "u-client",
  email: "client@example.com",
  firstName: "Kofi",
  lastName: "Boateng",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
};
const booking = (status: "pending" | "confirmed"): Booking => ({
  id: "b-1",
  seerId: "seer-1",
  seerName: "Ama Serwaa Owusu",
  clientId: "u-client",
  sessionType: "60min" as const,
  scheduledDate: "2026-11-23",
  scheduledTime: "10:00",
  clientTimezone: "Africa/Accra",
  seerTimezone: "UTC",
  startsAt: new Date("2026-11-23T10:00:00Z"),
  endsAt: new Date("2026-11-23T11:00:00Z"),
  amount: "80.00",
  platformFee: "16.00",
  seerEarnings: "64.00",
  status,
  consultationLink: status === "confirmed" ? "/meeting/b-1" : null,
  notes: "Questions about my family",
  createdAt: new Date("2026-11-22T10:00:00Z"),
});

describe("/meeting/{bookingId}", () => {
  it("shows a confirmed booking's date, time, duration, video placeholder, notes and guidelines", async () => {
    server.use(...trpcHandlers({ "account.me": () => client, "cart.list": () => [], "bookings.byId": () => booking("confirmed") }));
    renderApp("/meeting/b-1");
    expect(await screen.findByText("Monday, November 23, 2026")).toBeInTheDocument();
    expect(screen.getByText("10:00 (Africa/Accra)")).toBeInTheDocument();
    expect(screen.getByText("60 minutes")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Video Meeting Coming Soon" })).toBeInTheDocument();
    expect(screen.getByText("Questions about my family")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Guidelines" })).toBeInTheDocument();
  });

  it("shows 'Booking Pending' for a booking not yet confirmed", async () => {
    server.use(...trpcHandlers({ "account.me": () => client, "cart.list": () => [], "bookings.byId": () => booking("pending") }));
    renderApp("/meeting/b-1");
    expect(await screen.findByRole("heading", { name: "Booking Pending" })).toBeInTheDocument();
    expect(screen.getByText("This consultation is not yet confirmed. Please complete payment first.")).toBeInTheDocument();
    expect(screen.queryByText("Video Meeting Coming Soon")).not.toBeInTheDocument();
  });

  it("shows 'Meeting Not Found' for a missing or inaccessible booking, and to signed-out visitors", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "bookings.byId": () => ({
          error: { code: "NOT_FOUND", message: "This meeting room doesn't exist or you don't have access to it." },
        }),
      }),
    );
    const first = renderApp("/meeting/someone-elses");
    expect(await screen.findByRole("heading", { name: "Meeting Not Found" })).toBeInTheDocument();
    expect(screen.getByText("This meeting room doesn't exist or you don't have access to it.")).toBeInTheDocument();
    first.unmount();

    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/meeting/b-1");
    expect(await screen.findByRole("heading", { name: "Meeting Not Found" })).toBeInTheDocument();
  });
});
