import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";

const me = (role: "client" | "seer" | "admin") => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  role,
  emailVerified: true,
  secondFactor: true,
});

const application = (
  id: string,
  status: "pending" | "approved" | "rejected",
  extra: Partial<{ fullName: string; reviewNotes: string | null }> = {},
) => ({
  id,
  userId: `user-${id}`,
  fullName: extra.fullName ?? `Applicant ${id}`,
  country: "Benin",
  contactEmail: `${id}@example.com`,
  contactPhone: null,
  tradition: "Vodun",
  lineageInfo: "Initiated in Ouidah.",
  yearsOfPractice: 9,
  specializations: ["Divination", "Herbalism"],
  biography: "A hounon who serves her community.",
  ethicsStatement: "I keep confidences.",
  idDocumentUrl: `/api/uploads/00000000-0000-4000-8000-00000000000${id.length}`,
  status,
  reviewNotes: extra.reviewNotes ?? null,
  reviewedAt: status === "pending" ? null : new Date("2026-11-01T10:00:00Z"),
  createdAt: new Date("2026-10-30T10:00:00Z"),
});

const counts = { pending: 2, approved: 1, rejected: 0 };
const byStatus = {
  pending: [application("p1", "pending", { fullName: "Mawuena Agbodjan" }), application("p2", "pending")],
  approved: [application("a1", "approved", { reviewNotes: "Lineage confirmed by phone." })],
  rejected: [],
};

const booking = (i: number, status: "pending" | "confirmed" | "cancelled") => ({
  id: `b${i}`,
  status,
  sessionType: "30min" as const,
  amount: "45.00",
  refundedAmount: status === "cancelled" ? "22.50" : "0.00",
  scheduledDate: "2026-12-01",
  scheduledTime: "10:00",
  platformFee: status === "cancelled" ? "4.50" : "9.00",
  seerEarnings: status === "cancelled" ? "18.00" : "36.00",
  notes: i === 1 ? "First consultation" : null,
  createdAt: new Date("2026-11-20T10:00:00Z"),
});

function asAdmin(extra: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => me("admin"),
      "cart.list": () => [],
      "admin.analytics": () => ({
        totalRevenue: "125.05",
        consultationRevenue: "87.55",
        shopRevenue: "37.50",
        paidBookings: 3,
        confirmedBookings: 2,
        completedSessions: 1,
        cancelledBookings: 4,
        refunded: "90.00",
        platformCommission: "25.01",
        seerEarnings: "100.04",
        held: "0.00",
        activeProducts: 7,
        totalSeers: 4,
        pendingApplications: 2,
        totalBookings: 25,
        monthly: [
          {
            month: "2026-10",
            revenue: "1000.05",
            consultations: "990.05",
            shop: "10.00",
            platformFees: "20.00",
            seerShares: "80.00",
            consultationRefunds: "5.00",
            shopRefunds: "0.00",
            bookings: 2,
          },
          {
            month: "2026-11",
            revenue: "25.00",
            consultations: "-2.50",
            shop: "27.50",
            platformFees: "5.01",
            seerShares: "20.04",
            consultationRefunds: "85.00",
            shopRefunds: "10.00",
            bookings: 1,
          },
        ],
      }),
      "payouts.summary": () => ({
        consultationCharges: 12505,
        consultationRefunds: 9000,
        platformFees: 701,
        seerShares: 2804,
        paidToSeers: 2000,
        owedToSeers: 804,
        held: 0,
        shopSales: 4850,
        shopRefunds: 1000,
        payoutFees: 7,
        byCurrency: [
          { currency: "USD", takenLocal: 3500, taken: 3500, paidOutLocal: 0, paidOut: 0 },
          { currency: "GHS", takenLocal: 64890, taken: 4500, paidOutLocal: 92288, paidOut: 6400 },
        ],
      }),
      "admin.seerApplications": (input) => ({ applications: byStatus[input?.status ?? "pending"], counts }),
      "admin.bookings": () => ({
        bookings: [booking(1, "confirmed"), booking(2, "pending"), booking(3, "cancelled")],
        total: 25,
      }),
      "admin.products": () => [
        {
          id: "pr1",
          name: "Calabash Bowl",
          description: "Hand-carved.",
          price: "24.00",
          currency: "USD",
          imageUrl: "/images/bowl.jpg",
          stockQuantity: 10,
          isActive: true,
        },
        {
          id: "pr2",
          name: "Old Drum",
          description: "Retired.",
          price: "80.00",
          currency: "USD",
          imageUrl: null,
          stockQuantity: 0,
          isActive: false,
        },
      ],
      ...extra,
    }),
  );
}

describe("/admin cancelling a booking", () => {
  beforeEach(() => notifications.clean());

  it("prefills the full refund, requires a reason, and cancels with the edited amount", async () => {
    const calls: unknown[] = [];
    asAdmin({
      "bookings.adminCancel": (input) => {
        calls.push(input);
        return { bookingId: "b1", status: "cancelled" as const, refundAmount: "20.00" };
      },
    });
    const user = userEvent.setup();
    renderApp("/admin");
    await user.click(await screen.findByRole("tab", { name: "Bookings" }));
    await user.click(await screen.findByRole("button", { name: "Cancel booking of 2026-12-01 at 10:00" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Booking" });
    const amount = within(dialog).getByRole("textbox", { name: "Refund amount (USD)" });
    expect(amount).toHaveValue("45.00");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Booking" }));
    expect(await within(dialog).findByText("Give a reason")).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, "20,5");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Seer unwell");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Booking" }));
    expect(await within(dialog).findByText("Enter an amount such as 12.50")).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(amount);
    await user.type(amount, "20");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Booking" }));
    await waitFor(() => expect(calls).toEqual([{ bookingId: "b1", refundAmount: "20", reason: "Seer unwell" }]));
    expect(await screen.findByText("Refunded $20.00.")).toBeInTheDocument();
  });
});

describe("/admin", () => {
  beforeEach(() => notifications.clean());

  it.each(["client", "seer", null] as const)("sends a %s away with 'Access Denied'", async (role) => {
    // Denied users land on the home page, which reads featured Seers and products.
    server.use(
      ...trpcHandlers({
        "account.me": () => (role ? me(role) : null),
        "cart.list": () => [],
        "seers.featured": () => [],
        "shop.products": () => ({ items: [], nextCursor: null }),
      }),
    );
    const { router } = renderApp("/admin");
    // Sent home, with the toast: the page's own notice, drawn for a moment before, must not be taken for it.
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText("Access Denied")).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page")).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Analytics" })).not.toBeInTheDocument();
  });

  it("shows the four tabs, the pending count and the analytics figures", async () => {
    asAdmin();
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    for (const name of ["Analytics", "Bookings", "Products"]) expect(screen.getByRole("tab", { name })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("tab", { name: /^Applications/ })).toHaveTextContent("Applications2"));
    expect(await screen.findByText("$125.05")).toBeInTheDocument();
    expect(screen.getByText("3 paid bookings")).toBeInTheDocument();
    expect(screen.getByText("Refunded").parentElement).toHaveTextContent("$90.00");
    expect(screen.getByText("4 cancelled bookings")).toBeInTheDocument();
    expect(screen.getByText("Completed Sessions").parentElement).toHaveTextContent("1");
    expect(screen.getByText("Cancelled Bookings").parentElement).toHaveTextContent("4");
    expect(screen.getByText("Platform Commission").parentElement).toHaveTextContent("$25.01");
    expect(screen.getByText("20%")).toBeInTheDocument();
    expect(screen.getByText("Seer Earnings").parentElement).toHaveTextContent("$100.04");
    // Revenue split into consultations and shop, each after its refunds.
    expect(screen.getByText("Consultation Revenue").parentElement).toHaveTextContent("$87.55Sessions, after refunds");
    expect(screen.getByText("Shop Revenue").parentElement).toHaveTextContent("$37.50Sacred Market, after refunds");
    expect(screen.getByText("Active Products").parentElement).toHaveTextContent("7");
    expect(screen.getByText("Total Seers").parentElement).toHaveTextContent("4");
    expect(screen.getByText("Pending Applications").parentElement).toHaveTextContent("2");
    expect(screen.getByText("Total Bookings").parentElement).toHaveTextContent("25");
    expect(screen.getByText("Confirmed Bookings").parentElement).toHaveTextContent("2");
    // Revenue and bookings over time, each chart summed in its caption.
    expect(screen.getByRole("figure", { name: "Revenue by month, last 12 months: $1,025.05 in all" })).toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Paid bookings by month, last 12 months: 3 in all" })).toBeInTheDocument();
    // Fees and shares booked, and refunds (consultations and shop together), over time from the ledger.
    expect(screen.getByRole("figure", { name: "Fees and Shares by month, last 12 months: $125.05 in all" })).toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Refunds by month, last 12 months: $100.00 in all" })).toBeInTheDocument();
    // The ledger's figures, consultations and shop apart.
    const ledger = within((await screen.findByRole("heading", { name: "Money by the Ledger" })).parentElement as HTMLElement);
    expect(ledger.getByText("Consultations").parentElement).toHaveTextContent("$125.05");
    expect(ledger.getByText("Shop Sales").parentElement).toHaveTextContent("$48.50");
    expect(ledger.getByText("Refunds").parentElement).toHaveTextContent("$100.00Refunds$10.00 of it in the shop");
    expect(ledger.getByText("Paid to Seers").parentElement).toHaveTextContent("$20.00");
    expect(ledger.getByText("Owed to Seers").parentElement).toHaveTextContent("$8.04");
    expect(ledger.getByText("Payout Fees").parentElement).toHaveTextContent("$0.07");
    // Money by the currency it moved in, with its book value.
    const cedis = within(screen.getByRole("table", { name: "By currency" })).getByRole("row", { name: /GHS/ });
    expect(cedis).toHaveTextContent("GH₵648.90 ($45.00)");
    expect(cedis).toHaveTextContent("GH₵922.88 ($64.00)");
  });

  it("lists contact messages in the inbox, new ones first, and marks one replied", async () => {
    const changed: unknown[] = [];
    let status: "new" | "replied" | "closed" = "new";
    const message = () => ({
      id: "m1",
      name: "Kofi Boateng",
      email: "kofi@example.com",
      subject: "Moving my session",
      message: "Can I move my session\nto next week?",
      status,
      createdAt: new Date("2026-11-20T10:00:00Z"),
      handledAt: null,
    });
    asAdmin({
      "contact.list": (input) => (input.status && input.status !== status ? [] : [message()]),
      "contact.setStatus": (input) => {
        changed.push(input);
        status = input.status;
        return { id: input.id, status: input.status };
      },
    });
    // The tab is in the address: /admin?tab=inbox opens the inbox (the link the admins' e-mail carries).
    const { router } = renderApp("/admin?tab=inbox");
    expect(await screen.findByRole("tab", { name: "Inbox" })).toHaveAttribute("aria-selected", "true");
    const card = await screen.findByRole("article", { name: "Moving my session" });
    expect(card).toHaveTextContent("Kofi Boateng");
    expect(within(card).getByRole("link", { name: "kofi@example.com" })).toHaveAttribute(
      "href",
      "mailto:kofi@example.com?subject=Re%3A%20Moving%20my%20session",
    );
    expect(within(card).getByText("New")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Mark replied" }));
    expect(changed).toEqual([{ id: "m1", status: "replied" }]);
    // The New filter no longer shows it; Replied does.
    expect(await screen.findByText("No messages.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Replied" }));
    expect(await screen.findByRole("article", { name: "Moving my session" })).toHaveTextContent("Replied");
    await userEvent.click(screen.getByRole("tab", { name: "Products" }));
    expect(router.state.location.search).toEqual({ tab: "products" });
  });

  it("opens the local payouts from the Payouts tab, kept in the address", async () => {
    asAdmin({ "payouts.list": () => [] });
    const { router } = renderApp("/admin");
    await userEvent.click(await screen.findByRole("tab", { name: "Payouts" }));
    expect(await screen.findByText("No payouts")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "State" })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ tab: "payouts" });
  });

  it("lists applications in sub-tabs with counts, fields, the ID link, notes and empty texts", async () => {
    asAdmin();
    const user = userEvent.setup();
    renderApp("/admin");
    await user.click(await screen.findByRole("tab", { name: /^Applications/ }));
    expect(await screen.findByRole("tab", { name: "Pending (2)" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Approved (1)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Rejected (0)" })).toBeInTheDocument();

    const card = await screen.findByRole("article", { name: "Application from Mawuena Agbodjan" });
    for (const text of [
      "Pending",
      "p1@example.com",
      "Benin",
      "Vodun",
      "9 years",
      "Divination",
      "Herbalism",
      "A hounon who serves her community.",
      "Initiated in Ouidah.",
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    const link = within(card).getByRole("link", { name: /View ID Document/ });
    expect(link).toHaveAttribute("href", byStatus.pending[0]?.idDocumentUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(within(card).getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Reject" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Approved (1)" }));
    const approved = await screen.findByRole("article", { name: "Application from Applicant a1" });
    expect(within(approved).getByText("Admin Notes")).toBeInTheDocument();
    expect(within(approved).getByText("Lineage confirmed by phone.")).toBeInTheDocument();
    expect(within(approved).queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Rejected (0)" }));
    expect(await screen.findByText("No rejected applications")).toBeInTheDocument();
  });

  it("approves with the notes and says 'Application Reviewed'", async () => {
    let reviewed: unknown;
    asAdmin({
      "admin.reviewApplication": (input) => {
        reviewed = input;
        return { ...application("p1", "approved"), reviewNotes: input.reviewNotes ?? null };
      },
    });
    const user = userEvent.setup();
    renderApp("/admin");
    await user.click(await screen.findByRole("tab", { name: /^Applications/ }));
    const card = await screen.findByRole("article", { name: "Application from Mawuena Agbodjan" });
    await user.type(within(card).getByLabelText("Review Notes"), "Verified in person");
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Application Reviewed")).toBeInTheDocument();
    expect(screen.getByText("The application has been updated")).toBeInTheDocument();
    expect(reviewed).toEqual({ id: "p1", status: "approved", reviewNotes: "Verified in person" });
  });

  it("says 'Failed to review application' when the review fails", async () => {
    asAdmin({
      "admin.reviewApplication": () => ({ error: { code: "CONFLICT", message: "This application has already been reviewed" } }),
    });
    const user = userEvent.setup();
    renderApp("/admin");
    await user.click(await screen.findByRole("tab", { name: /^Applications/ }));
    const card = await screen.findByRole("article", { name: "Application from Applicant p2" });
    await user.click(within(card).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Failed to review application")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });

  it("shows bookings with their status colours and how many of how many, and the products", async () => {
    asAdmin();
    const user = userEvent.setup();
    renderApp("/admin");
    await user.click(await screen.findByRole("tab", { name: "Bookings" }));
    expect(await screen.findByText("Showing 3 of 25 bookings")).toBeInTheDocument();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText("First consultation")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText("$9.00")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText("$36.00")).toBeInTheDocument();
    const badgeColor = (text: string) => screen.getByText(text).closest(".mantine-Badge-root")?.getAttribute("style") ?? "";
    expect(badgeColor("cancelled")).toContain("red");
    expect(badgeColor("confirmed")).not.toContain("red");
    expect(badgeColor("pending")).not.toContain("red");
    expect(within(rows[2] as HTMLElement).getByText("$22.50")).toBeInTheDocument();
    // Only a confirmed booking can be cancelled.
    expect(screen.getAllByRole("button", { name: /^Cancel booking/ })).toHaveLength(1);

    await user.click(screen.getByRole("tab", { name: "Products" }));
    const bowl = await screen.findByRole("article", { name: "Calabash Bowl" });
    expect(within(bowl).getByRole("img", { name: "Calabash Bowl" })).toHaveAttribute("src", "/images/bowl.jpg");
    expect(within(bowl).getByText("Active")).toBeInTheDocument();
    expect(within(bowl).getByText("$24.00")).toBeInTheDocument();
    expect(within(bowl).getByText("Stock: 10")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Old Drum" })).getByText("Inactive")).toBeInTheDocument();
  });

  it("filters orders up to a day with To, kept in the address, and clears it", async () => {
    const asked: unknown[] = [];
    const order = (id: string, day: string) => ({
      id,
      orderNumber: `ORD-${id}`,
      createdAt: new Date(`${day}T10:00:00Z`),
      shippingName: "Ama Mensah",
      shippingEmail: "ama@example.com",
      total: "30.00",
      refundedAmount: "0.00",
      status: "paid" as const,
      itemCount: 1,
    });
    asAdmin({
      "orders.lowStock": () => [],
      "orders.list": (input) => {
        asked.push(input);
        const items = [order("early", "2026-11-10"), order("late", "2026-11-20")].filter(
          (o) => !input.to || o.createdAt.toISOString().slice(0, 10) <= input.to,
        );
        return { items, total: items.length, page: 1, pageSize: 20 };
      },
    });
    const { router } = renderApp("/admin?tab=orders");
    expect(await screen.findByText("ORD-late")).toBeInTheDocument();
    const to = screen.getByLabelText("To");
    fireEvent.change(to, { target: { value: "2026-11-15" } });
    await waitFor(() => {
      expect(screen.queryByText("ORD-late")).not.toBeInTheDocument();
      expect(screen.getByText("ORD-early")).toBeInTheDocument();
    });
    expect(router.state.location.search).toMatchObject({ tab: "orders", to: "2026-11-15" });
    expect(asked.at(-1)).toMatchObject({ to: "2026-11-15", page: 1 });
    fireEvent.change(to, { target: { value: "" } });
    expect(await screen.findByText("ORD-late")).toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty("to");
  });
});
