import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import type { Consultation } from "../bookings/types";
import type { Order } from "../shop/types";

const client = {
  id: "u-1",
  email: "ama@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};

const consultation = (overrides: Partial<Consultation>): Consultation => ({
  id: "b-1",
  seerId: "s-1",
  seerName: "Nana Akosua Boateng",
  sessionType: "30min",
  scheduledDate: "2026-12-03",
  scheduledTime: "14:00",
  clientTimezone: "Africa/Accra",
  startsAt: new Date("2026-12-03T14:00:00Z"),
  endsAt: new Date("2026-12-03T14:30:00Z"),
  amount: "45.00",
  status: "confirmed",
  meetingLink: "/meeting/b-1",
  calendarSequence: 0,
  refundedAmount: "0.00",
  refundDue: "0.00",
  dispute: null,
  reportableUntil: null,
  canReport: false,
  cancelledAt: null,
  cancelledBy: null,
  proposedStartsAt: null,
  review: null,
  ...overrides,
});

const order: Order = {
  id: "o-1",
  orderNumber: "SM-20261120-K7QX",
  createdAt: new Date("2026-11-20T09:30:00Z"),
  items: [
    { productId: "p-1", productName: "Kente Stole", quantity: 2, price: "30.00" },
    { productId: "p-2", productName: "Raw Shea Butter", quantity: 1, price: "12.50" },
  ],
  subtotal: "72.50",
  shippingCost: "10.00",
  total: "82.50",
  currency: "USD",
  shippingMethod: "standard",
  status: "paid",
  trackingNumber: null,
  trackingCarrier: null,
  trackingUrl: null,
  shippedAt: null,
  deliveredAt: null,
  refundedAmount: "0.00",
  returnStatus: null,
  returnNote: null,
  returnLines: null,
  parts: [],
};

describe("/profile signed in", () => {
  it("shows the user's details, a sign-out link, their consultations and their orders", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "account.sessions": () => [],
        "account.secondFactors": () => ({ totp: false, passkeys: 0, recoveryCodesLeft: 0 }),
        "calendars.feed": () => ({
          httpsUrl: "http://localhost:3000/calendar/abc.ics",
          webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
        }),
        "bookings.clientSessions": () => ({
          upcoming: [
            consultation({}),
            consultation({
              id: "b-2",
              seerName: "Baba Sipho Mthembu",
              sessionType: "60min",
              status: "pending",
              meetingLink: null,
              scheduledDate: "2026-12-10",
            }),
          ],
          past: [
            consultation({
              id: "b-0",
              seerName: "Yaay Fatou Ndiaye",
              sessionType: "15min",
              scheduledDate: "2026-11-01",
              status: "completed",
              meetingLink: null,
            }),
          ],
        }),
        "account.orders": () => [order],
      }),
    );
    renderApp("/profile");

    expect(await screen.findByRole("heading", { level: 1, name: "Ama Mensah" })).toBeInTheDocument();
    expect(screen.getByTestId("profile-email")).toHaveTextContent("ama@example.com");
    expect(screen.getByTestId("profile-role")).toHaveTextContent("Client");
    const feed = await screen.findByRole("region", { name: "Your calendar feed" });
    expect(await within(feed).findByRole("textbox", { name: "webcal://" })).toHaveValue("webcal://localhost:3000/calendar/abc.ics");
    expect(within(feed).getByRole("textbox", { name: "https://" })).toHaveValue("http://localhost:3000/calendar/abc.ics");
    expect(within(feed).getByRole("button", { name: "Reset address" })).toBeInTheDocument();
    const signOut = screen.getByRole("button", { name: "Sign Out" });
    expect(signOut.closest("form")).toHaveAttribute("method", "post");
    expect(signOut.closest("form")).toHaveAttribute("action", "/api/logout");

    const upcoming = await screen.findAllByTestId("consultation");
    expect(upcoming).toHaveLength(2);
    const [confirmed, pending] = upcoming as [HTMLElement, HTMLElement];
    expect(confirmed).toHaveTextContent("Nana Akosua Boateng");
    expect(confirmed).toHaveTextContent("Thu, Dec 3, 2026");
    expect(confirmed).toHaveTextContent("14:00");
    expect(confirmed).toHaveTextContent("30 minutes");
    expect(confirmed).toHaveTextContent("Confirmed");
    expect(within(confirmed).getByRole("link", { name: "Join Meeting Room" })).toHaveAttribute("href", "/meeting/b-1");
    expect(pending).toHaveTextContent("60 minutes");
    expect(pending).toHaveTextContent("Awaiting Payment");
    expect(within(pending).queryByRole("link", { name: "Join Meeting Room" })).not.toBeInTheDocument();

    const orders = screen.getAllByTestId("order");
    expect(orders).toHaveLength(1);
    const [first] = orders as [HTMLElement];
    expect(within(first).getByRole("heading", { name: "Order SM-20261120-K7QX" })).toBeInTheDocument();
    expect(first).toHaveTextContent("Placed Nov 20, 2026");
    expect(
      within(first)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Kente Stole x 2$30.00", "Raw Shea Butter x 1$12.50"]);
    expect(within(first).getByTestId("order-total")).toHaveTextContent("Total $82.50");
    expect(first).toHaveTextContent("Paid");

    await userEvent.click(screen.getByRole("tab", { name: "Past (1)" }));
    const past = await screen.findAllByTestId("consultation");
    expect(past).toHaveLength(1);
    expect(past[0]).toHaveTextContent("Yaay Fatou Ndiaye");
    expect(past[0]).toHaveTextContent("Completed");
    expect(past[0]).toHaveTextContent("15 minutes");
  });

  it("says so when there are no consultations or orders yet", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "account.sessions": () => [],
        "account.secondFactors": () => ({ totp: false, passkeys: 0, recoveryCodesLeft: 0 }),
        "calendars.feed": () => ({
          httpsUrl: "http://localhost:3000/calendar/abc.ics",
          webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
        }),
        "bookings.clientSessions": () => ({ upcoming: [], past: [] }),
        "account.orders": () => [],
      }),
    );
    renderApp("/profile");
    expect(await screen.findByText("No upcoming consultations.")).toBeInTheDocument();
    expect(await screen.findByText("No orders yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Visit the Sacred Market" })).toHaveAttribute("href", "/shop");
  });
});

describe("/profile, an order with vendors' parts", () => {
  it("shows each vendor's part, its tracking and delivery, and offers the return of a delivered part's items alone", async () => {
    const day = 86_400_000;
    const withParts: Order = {
      ...order,
      status: "paid",
      parts: [
        {
          vendorId: "v-1",
          businessName: "Bonwire Kente",
          productIds: ["p-1"],
          shipment: {
            carrier: "DHL",
            trackingNumber: "GH-1",
            trackingUrl: "https://www.dhl.com/track?id=GH-1",
            shippedAt: new Date(Date.now() - 3 * day),
            deliveredAt: new Date(Date.now() - day),
          },
        },
        {
          vendorId: "v-2",
          businessName: "Shea Sisters",
          productIds: ["p-2"],
          shipment: {
            carrier: "DHL",
            trackingNumber: "GH-2",
            trackingUrl: "https://www.dhl.com/track?id=GH-2",
            shippedAt: new Date(Date.now() - day),
            deliveredAt: null,
          },
        },
      ],
    };
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "account.sessions": () => [],
        "account.secondFactors": () => ({ totp: false, passkeys: 0, recoveryCodesLeft: 0 }),
        "calendars.feed": () => ({
          httpsUrl: "http://localhost:3000/calendar/abc.ics",
          webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
        }),
        "bookings.clientSessions": () => ({ upcoming: [], past: [] }),
        "account.orders": () => [withParts],
      }),
    );
    renderApp("/profile");
    const parts = await screen.findAllByTestId("order-part");
    const [kente, shea] = parts as [HTMLElement, HTMLElement];
    expect(kente).toHaveTextContent("From Bonwire Kente");
    expect(kente).toHaveTextContent(/Delivered/);
    expect(shea).toHaveTextContent(/From Shea Sisters.*Shipped .* with DHL, GH-2/);
    expect(within(shea).getByRole("link", { name: "Track parcel" })).toHaveAttribute("href", "https://www.dhl.com/track?id=GH-2");
    expect(within(shea).queryByRole("button", { name: "Return these items" })).not.toBeInTheDocument();
    // The order as a whole is not delivered: only the delivered part's items can be returned.
    expect(screen.queryByRole("button", { name: "Ask for a return" })).not.toBeInTheDocument();
    // (The dialog's autosizing text area does not run in jsdom: e2e/vendor.e2e.ts sees the button in Chromium.)
    expect(within(kente).getByRole("button", { name: "Return these items" })).toBeInTheDocument();
  });
});

describe("/profile signed out", () => {
  const originalLocation = window.location;
  afterEach(() => {
    server.events.removeAllListeners();
    Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
  });

  it("asks the visitor to sign in and sends them to the login address after 500 ms, without asking for private data", async () => {
    const assign = vi.fn();
    Object.defineProperty(window, "location", {
      configurable: true,
      value: { ...originalLocation, pathname: "/profile", search: "", assign },
    });
    const calls: string[] = [];
    server.events.on("request:start", ({ request }) => calls.push(request.url));
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/profile");
    expect(await screen.findByRole("heading", { level: 1, name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Please log in to view your profile");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/api/login?returnTo=%2Fprofile",
    );
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login?returnTo=%2Fprofile"), { timeout: 2000 });
    expect(calls.some((url) => url.includes("profile."))).toBe(false);
    expect(calls.some((url) => url.includes("account.me"))).toBe(true);
  });
});
