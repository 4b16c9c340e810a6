import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TIME_SLOTS } from "../../../src/domain/consultations";
import { TEST_ORIGIN, server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { seerData } from "../seers/testData";
import type { DashboardOverview, Earnings, SeerSessions } from "./types";
import { affectedBookingsTexts } from "./ScheduleCards";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { englishI18n } from "../../lib/english";
import { createI18n } from "../../lib/i18n";
import { bypassing, pseudo } from "../../test/pseudo";

const me = (role: "client" | "seer") => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  firstName: "Ama",
  lastName: "Owusu",
  profileImageUrl: null,
  role,
  emailVerified: true,
  secondFactor: false,
});

const allDays = {
  "0": [...TIME_SLOTS],
  "1": [...TIME_SLOTS],
  "2": [...TIME_SLOTS],
  "3": [...TIME_SLOTS],
  "4": [...TIME_SLOTS],
  "5": [...TIME_SLOTS],
  "6": [...TIME_SLOTS],
};

function overviewData(): DashboardOverview {
  return {
    seer: {
      id: "seer-1",
      userId: "u-seer",
      fullName: "Ama Serwaa Owusu",
      country: "Ghana",
      languages: ["English", "Twi"],
      tradition: "Akan Akom",
      specializations: ["Divination", "Ancestral Healing"],
      biography: "A priestess of the Akan tradition.",
      yearsOfPractice: 10,
      profileImageUrl: null,
      price15Min: null,
      price30Min: "45.00",
      price60Min: "80.00",
      timezone: "Africa/Lagos",
      averageRating: "4.80",
      totalReviews: 12,
      horizonDays: 90,
      verificationStatus: "approved",
      availability: allDays,
    },
  };
}

function sessionsData(): SeerSessions {
  return {
    summary: { totalEarnings: "148.00", thisMonth: "120.00", upcomingSessions: 2, totalSessions: 3, pastSessions: 1 },
    upcoming: [
      {
        id: "b-1",
        sessionType: "60min",
        startsAt: new Date("2026-11-24T10:00:00Z"),
        seerDate: "2026-11-24",
        seerTime: "11:00",
        clientName: "Kofi M.",
        notes: "About my family",
        seerEarnings: "80.00",
        consultationLink: "/meeting/b-1",
        status: "confirmed",
        calendarSequence: 0,
        proposedStartsAt: null,
        review: null,
        dispute: null,
      },
      {
        id: "b-2",
        sessionType: "15min",
        startsAt: new Date("2026-11-25T10:00:00Z"),
        seerDate: "2026-11-25",
        seerTime: "11:00",
        clientName: "Esi A.",
        notes: null,
        seerEarnings: "20.00",
        consultationLink: "https://meet.example.com/room",
        status: "confirmed",
        calendarSequence: 1,
        proposedStartsAt: new Date("2026-11-27T10:00:00Z"),
        review: null,
        dispute: null,
      },
    ],
    past: [
      {
        id: "b-3",
        sessionType: "30min",
        startsAt: new Date("2026-11-12T10:00:00Z"),
        seerDate: "2026-11-12",
        seerTime: "11:00",
        clientName: "Yaw B.",
        notes: null,
        seerEarnings: "40.00",
        consultationLink: "/meeting/b-3",
        status: "completed",
        calendarSequence: 0,
        proposedStartsAt: null,
        review: { rating: 4, comment: "Very calm and clear.", seerReply: null },
        dispute: null,
      },
    ],
  };
}

const earningsOf = (period: Earnings["period"]): Earnings => ({
  period,
  monthly: [
    { month: "2026-10", earnings: "108.00", sessions: 2 },
    { month: "2026-11", earnings: "40.00", sessions: 1 },
  ],
  confirmedEarnings: period === "30d" ? "120.00" : "148.00",
  pendingPayouts: "36.00",
  totalAllTime: "148.00",
  platformCommission: period === "30d" ? "30.00" : "37.00",
  grossRevenue: period === "30d" ? "150.00" : "185.00",
  refunded: period === "30d" ? "0.00" : "22.50",
  rows:
    period === "30d"
      ? [
          {
            id: "b-1",
            sessionType: "60min",
            seerDate: "2026-11-24",
            seerTime: "11:00",
            status: "confirmed",
            amount: "100.00",
            refundedAmount: "0.00",
            platformFee: "20.00",
            seerEarnings: "80.00",
          },
        ]
      : [
          {
            id: "b-1",
            sessionType: "60min",
            seerDate: "2026-11-24",
            seerTime: "11:00",
            status: "confirmed",
            amount: "100.00",
            refundedAmount: "0.00",
            platformFee: "20.00",
            seerEarnings: "80.00",
          },
          {
            id: "b-4",
            sessionType: "30min",
            seerDate: "2026-09-01",
            seerTime: "10:00",
            status: "pending",
            amount: "45.00",
            refundedAmount: "0.00",
            platformFee: "9.00",
            seerEarnings: "36.00",
          },
        ],
});

const payoutsOf = (status: "not_connected" | "details_needed" | "active") => ({
  status,
  pending: 4100,
  available: status === "active" ? 0 : 12800,
  paidOut: status === "active" ? 12800 : 0,
  holdHours: 24,
  localPayouts: [],
  payoutDue: false,
  payouts:
    status === "active"
      ? [
          { id: "po_2", date: new Date("2026-11-20T10:00:00Z"), sessions: 2, amount: 7000, status: "partly_reversed" as const },
          { id: "po_1", date: new Date("2026-11-10T10:00:00Z"), sessions: 1, amount: 5800, status: "paid" as const },
        ]
      : [],
});

const feedAddress = {
  httpsUrl: "http://localhost:3000/calendar/abc.ics",
  webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
};
const RULES = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, noticeMinutes: 120, horizonDays: 90, dailyCap: null };
function scheduleData() {
  return {
    rules: RULES,
    today: "2026-12-01",
    overrides: [
      { id: "o-1", startDate: "2026-12-24", endDate: "2026-12-26", kind: "time_off" as const, hours: [], note: "Family" },
    ],
  };
}

function asSeer(overrides: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => me("seer"),
      "cart.list": () => [],
      "seerDashboard.overview": () => overviewData(),
      "bookings.seerSessions": () => sessionsData(),
      "seerDashboard.schedule": () => scheduleData(),
      "bookings.seerEarnings": ({ period }) => earningsOf(period ?? "all"),
      "payouts.overview": () => payoutsOf("not_connected"),
      // A Seer where Stripe pays out: the local rails' form is PayoutDetailsForm.test.tsx's.
      "payouts.options": () => ({
        country: "United Kingdom",
        rail: "stripe" as const,
        currency: "USD" as const,
        kinds: [],
        minimum: 1000,
        holdHours: 24,
        testNumbers: null,
        method: null,
      }),
      "calendars.list": () => [],
      "calendars.feed": () => feedAddress,
      ...overrides,
    }),
  );
}

beforeEach(() => notifications.clean());
const { t } = englishI18n;

describe("/seer/dashboard access", () => {
  it("asks visitors to log in", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/seer/dashboard");
    expect(await screen.findByText("Access Denied")).toBeInTheDocument();
    expect(screen.getByText("Please log in to access your dashboard.")).toBeInTheDocument();
  });

  it("turns away signed-in users who are not Seers", async () => {
    server.use(...trpcHandlers({ "account.me": () => me("client"), "cart.list": () => [] }));
    renderApp("/seer/dashboard");
    expect(await screen.findByText("This page is only accessible to verified Seers.")).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });

  it("reaches the same screen from /dashboard", async () => {
    asSeer();
    const { router } = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Seer Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/seer/dashboard");
  });
});

describe("/seer/dashboard for a Seer", () => {
  it("shows the four cards, the tabs with counts, and the upcoming and past sessions", async () => {
    asSeer();
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    expect(await screen.findByText("Total Earnings")).toBeInTheDocument();
    expect(screen.getByText("$148.00")).toBeInTheDocument();
    expect(screen.getByText("After 20% platform fee")).toBeInTheDocument();
    expect(screen.getByText("This Month")).toBeInTheDocument();
    expect(screen.getByText("$120.00")).toBeInTheDocument();
    expect(screen.getByText("Upcoming Sessions")).toBeInTheDocument();
    expect(screen.getByText("Total Sessions")).toBeInTheDocument();
    for (const name of ["Upcoming (2)", "Past (1)", "Earnings", "Profile", "Availability"]) {
      expect(screen.getByRole("tab", { name })).toBeInTheDocument();
    }

    expect(screen.getByRole("heading", { name: "60 Minute Session" })).toBeInTheDocument();
    expect(screen.getByText("Tuesday, November 24, 2026")).toBeInTheDocument();
    expect(screen.getByText("Client notes: About my family")).toBeInTheDocument();
    expect(screen.getByText("$80.00")).toBeInTheDocument();
    const [inApp, external] = screen.getAllByRole("link", { name: "Join Meeting Room" });
    expect(inApp).toHaveAttribute("href", "/meeting/b-1");
    expect(inApp).not.toHaveAttribute("target");
    expect(external).toHaveAttribute("href", "https://meet.example.com/room");
    expect(external).toHaveAttribute("target", "_blank");
    expect(external).toHaveAttribute("rel", "noopener noreferrer");

    await user.click(screen.getByRole("tab", { name: "Past (1)" }));
    expect(await screen.findByRole("heading", { name: "30 Minute Session" })).toBeInTheDocument();
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Join Meeting Room" })).not.toBeInTheDocument();
  });

  it("shows a session the Seer missed as missed, earning nothing, with no reply to offer", async () => {
    const data = sessionsData();
    const [completed] = data.past;
    if (!completed) throw new Error("no past session");
    asSeer({
      "bookings.seerSessions": () => ({
        ...data,
        summary: { ...data.summary, pastSessions: 1 },
        past: [{ ...completed, status: "seer_no_show" as const, seerEarnings: "0.00", review: null }],
      }),
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Past (1)" }));
    const card = await screen.findByRole("article", { name: /30 Minute Session/ });
    expect(within(card).getByText("Missed")).toBeInTheDocument();
    expect(within(card).getByTestId("seer-no-show")).toHaveTextContent(
      "You did not join this session and the client did, so by our Terms the client was refunded in full and the session earns you nothing.",
    );
    expect(card).toHaveTextContent("Your earnings: $0.00");
    expect(within(card).queryByRole("button", { name: "Reply" })).not.toBeInTheDocument();
  });

  it("filters earnings by period and shows the commission", async () => {
    const asked: unknown[] = [];
    asSeer({
      "bookings.seerEarnings": (input) => {
        asked.push(input.period);
        return earningsOf(input.period ?? "all");
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Earnings" }));
    const table = await screen.findByRole("table", { name: "Earnings by session" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    for (const label of [
      "Confirmed Earnings",
      "Pending Payouts",
      "Total (All Time)",
      "Platform Commission",
      "20%",
      "You keep 80%",
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText("$36.00", { selector: "p" })).toBeInTheDocument();
    expect(screen.getByText("Refunded to Clients")).toBeInTheDocument();
    expect(screen.getByText("$22.50")).toBeInTheDocument();
    for (const header of ["Date", "Session", "Status", "Total", "Refunded", "Platform Fee", "Earnings"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { name: "Commission Breakdown" })).toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Earnings by month, last 12 months: $148.00 in all" })).toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Sessions by month, last 12 months: 3 in all" })).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Last 30 Days" }));
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: "Earnings by session" })).getAllByRole("row")).toHaveLength(2),
    );
    expect(screen.getByText("-$30.00")).toBeInTheDocument();
    expect(asked).toEqual(["all", "30d"]);
    for (const label of ["All Time", "Last 90 Days", "This Year"])
      expect(screen.getByRole("radio", { name: label })).toBeInTheDocument();
  });

  it("changes the timezone with the spec's toasts", async () => {
    const changes: unknown[] = [];
    let fail = false;
    let timezone = "Africa/Lagos";
    asSeer({
      "seerDashboard.overview": () => {
        const data = overviewData();
        return { ...data, seer: { ...data.seer, timezone } };
      },
      "seerDashboard.setTimezone": (input) => {
        changes.push(input);
        if (fail) return { error: { code: "INTERNAL_SERVER_ERROR", message: "boom" } };
        timezone = input.timezone;
        return { id: "seer-1", timezone: input.timezone };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Availability" }));
    const select = await screen.findByRole("combobox", { name: "Timezone" });
    expect(select).toHaveValue("Africa/Lagos");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "New York",
      "Chicago",
      "Denver",
      "Los Angeles",
      "London",
      "Paris",
      "Lagos",
      "Nairobi",
      "Johannesburg",
      "Cairo",
      "Dubai",
      "UTC",
    ]);
    await user.selectOptions(select, "Nairobi");
    expect(await screen.findByText("Timezone updated")).toBeInTheDocument();
    expect(changes).toEqual([{ seerId: "seer-1", timezone: "Africa/Nairobi" }]);

    await waitFor(() => expect(screen.getByRole("combobox", { name: "Timezone" })).toHaveValue("Africa/Nairobi"));
    expect(screen.getAllByText(/in your timezone \(Nairobi\)/)).toHaveLength(2);

    fail = true;
    notifications.clean();
    await user.selectOptions(screen.getByRole("combobox", { name: "Timezone" }), "Dubai");
    expect(await screen.findByText("Failed to update timezone.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });

  it("lists the Seer's calendars with their last read and error, adds one, and shows the feed's addresses", async () => {
    const added: unknown[] = [];
    const failing = {
      id: "cal-1",
      kind: "caldav" as const,
      label: "ama at dav.example.com",
      lastSuccessAt: new Date("2026-11-20T09:00:00Z"),
      lastError: "The CalDAV server refused the sign-in or could not be found (401).",
      lastErrorAt: new Date("2026-11-20T09:15:00Z"),
      busyCount: 3,
      longestBusyMinutes: 60 * 24 * 30,
    };
    asSeer({
      "calendars.list": () => [failing],
      "calendars.add": (input) => {
        added.push(input);
        return { ...failing, id: "cal-2", kind: "ical", label: "calendar.example.com", lastError: null, lastErrorAt: null };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Availability" }));
    const calendars = await screen.findByRole("region", { name: "Your calendars" });
    expect(await within(calendars).findByText("ama at dav.example.com")).toBeInTheDocument();
    expect(within(calendars).getByText("Last read: Nov 20, 2026 at 10:00 (3 busy times)")).toBeInTheDocument();
    expect(within(calendars).getByRole("alert")).toHaveTextContent(
      "Could not be read (Nov 20, 2026 at 10:15): The CalDAV server refused the sign-in or could not be found (401).",
    );
    expect(within(calendars).getByText("One event lasts 30 days: no slot is offered during it.")).toBeInTheDocument();

    await user.click(within(calendars).getByRole("button", { name: "Add a calendar" }));
    await user.click(within(calendars).getByRole("button", { name: "Add Calendar" }));
    expect(
      await within(calendars).findByText("Please enter the calendar's address, starting with https://, http:// or webcal://"),
    ).toBeInTheDocument();
    expect(added).toEqual([]);
    await user.type(within(calendars).getByRole("textbox", { name: /Calendar address/ }), "webcal://calendar.example.com/a.ics");
    await user.click(within(calendars).getByRole("button", { name: "Add Calendar" }));
    await waitFor(() => expect(added).toEqual([{ kind: "ical", url: "https://calendar.example.com/a.ics" }]));

    const feed = screen.getByRole("region", { name: "Your calendar feed" });
    expect(within(feed).getByRole("textbox", { name: "webcal://" })).toHaveValue(feedAddress.webcalUrl);
    expect(within(feed).getByRole("textbox", { name: "https://" })).toHaveValue(feedAddress.httpsUrl);
    expect(within(feed).getByRole("button", { name: "Reset address" })).toBeInTheDocument();
  });

  it("saves the weekly calendar with per-day shortcuts", async () => {
    const saved: unknown[] = [];
    asSeer({
      "seerDashboard.updateAvailability": (input) => {
        saved.push(input.days);
        return { ...allDays, ...input.days } as typeof allDays;
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Availability" }));
    expect(await screen.findByRole("checkbox", { name: "Monday 09:00" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Close day Monday" }));
    expect(screen.getByRole("checkbox", { name: "Monday 09:00" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Close day Sunday" }));
    await user.click(screen.getByRole("checkbox", { name: "Sunday 12:00" }));
    await user.click(screen.getByRole("checkbox", { name: "Tuesday 20:00" }));
    await user.click(screen.getByRole("button", { name: "Save Availability" }));
    expect(await screen.findByText("Availability saved")).toBeInTheDocument();
    const days = saved[0] as Record<string, string[]>;
    expect(days["1"]).toEqual([]);
    expect(days["0"]).toEqual(["12:00"]);
    expect(days["2"]).toEqual(TIME_SLOTS.filter((s) => s !== "20:00"));
    await user.click(screen.getByRole("button", { name: "All day Monday" }));
    expect(screen.getByRole("checkbox", { name: "Monday 20:00" })).toBeChecked();
  });

  it("opens a working profile form from 'Update Profile'", async () => {
    const updates: unknown[] = [];
    asSeer({
      "seerDashboard.updateProfile": (input) => {
        updates.push(input);
        return { ...overviewData().seer, availability: null, price15Min: "20.00" };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Profile" }));
    expect(await screen.findByText("15 minutes: Not offered")).toBeInTheDocument();
    expect(screen.getByText("60 minutes: $80.00")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Update Profile" }));

    const price15 = screen.getByRole("textbox", { name: "15 Minute Price" });
    await user.type(price15, "12.345");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText("Enter an amount like 25 or 25.50")).toBeInTheDocument();
    expect(updates).toHaveLength(0);

    await user.clear(price15);
    await user.type(price15, "20");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(updates[0]).toMatchObject({
      price15Min: "20",
      price30Min: "45.00",
      languages: ["English", "Twi"],
      yearsOfPractice: 10,
    });
  });
});

describe("/seer/dashboard session actions", () => {
  it("cancels an upcoming session after a dialog stating the client is refunded in full", async () => {
    const cancels: unknown[] = [];
    asSeer({
      "bookings.cancellationQuote": () => ({
        bookingId: "b-1",
        amount: "100.00",
        refundAmount: "100.00",
        refundPercent: 100,
        canceller: "seer" as const,
        sequence: 0,
        charge: null,
      }),
      "bookings.cancel": (input) => {
        cancels.push(input);
        return { bookingId: "b-1", status: "cancelled" as const, refundAmount: "100.00" };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    const card = await screen.findByRole("article", { name: "60 Minute Session on Tuesday, November 24, 2026" });
    await user.click(within(card).getByRole("button", { name: "Cancel Session" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this session?" });
    expect(await within(dialog).findByTestId("refund-amount")).toHaveTextContent("The client will be refunded in full: $100.00.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Session" }));
    await waitFor(() => expect(cancels).toEqual([{ bookingId: "b-1", reason: "", sequence: 0 }]));
    expect(await screen.findByText("The client will be refunded $100.00.")).toBeInTheDocument();
  });

  it("proposes a new time picked in the Seer's timezone, and shows a moved session and a waiting proposal", async () => {
    const proposals: unknown[] = [];
    const slotQueries: unknown[] = [];
    asSeer({
      // The dialog's calendar stops at the Seer's own horizon, read from the public profile.
      "seers.byId": ({ id }) => seerData({ id }),
      "bookings.takenSlots": (input) => {
        slotQueries.push(input);
        return { taken: [], notOffered: [] };
      },
      "bookings.proposeReschedule": (input) => {
        proposals.push(input);
        return { bookingId: "b-1", proposedStartsAt: new Date() };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    const moved = await screen.findByRole("article", { name: "15 Minute Session on Wednesday, November 25, 2026" });
    expect(moved).toHaveTextContent("Rescheduled");
    expect(within(moved).getByTestId("proposed-time")).toHaveTextContent("Proposed: Fri, Nov 27, 2026 at 11:00 (Africa/Lagos)");

    const card = screen.getByRole("article", { name: "60 Minute Session on Tuesday, November 24, 2026" });
    await user.click(within(card).getByRole("button", { name: "Propose New Time" }));
    const dialog = await screen.findByRole("dialog", { name: "Propose New Time" });
    expect(dialog).toHaveTextContent("Times are in your timezone (Africa/Lagos).");
    const days = within(dialog)
      .getAllByRole("button")
      .filter((b) => /^\d{1,2} \w+ \d{4}$/.test(b.getAttribute("aria-label") ?? "") && !b.hasAttribute("disabled"));
    const day = days[days.length - 1];
    if (!day) throw new Error("no day to pick");
    await user.click(day);
    const slots = await within(dialog).findByRole("group", { name: "Time slots" });
    await user.click(await within(slots).findByRole("button", { name: "12:00" }));
    await user.click(within(dialog).getByRole("button", { name: "Send Proposal" }));
    await waitFor(() => expect(proposals).toHaveLength(1));
    expect(proposals[0]).toMatchObject({ bookingId: "b-1", scheduledTime: "12:00", timezone: "Africa/Lagos" });
    expect(slotQueries[0]).toMatchObject({ seerId: "seer-1", sessionType: "60min", clientTimezone: "Africa/Lagos" });
  });

  it("shows a completed session's review and posts one reply", async () => {
    const replies: unknown[] = [];
    asSeer({
      "bookings.replyToReview": (input) => {
        replies.push(input);
        return {
          bookingId: "b-3",
          rating: 4,
          comment: "Very calm and clear.",
          seerReply: input.reply,
          seerRepliedAt: new Date(),
          createdAt: new Date(),
          updatedAt: new Date(),
          editableUntil: new Date(),
        };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Past (1)" }));
    const review = await screen.findByTestId("session-review");
    expect(review).toHaveTextContent("Very calm and clear.");
    expect(within(review).getByRole("img", { name: "Rated 4.0 out of 5" })).toBeInTheDocument();
    await user.click(within(review).getByRole("button", { name: "Reply" }));
    await user.click(within(review).getByRole("button", { name: "Post Reply" }));
    expect(await within(review).findByText("Write a reply")).toBeInTheDocument();
    await user.type(within(review).getByRole("textbox", { name: "Your public reply" }), "Thank you, Yaw.");
    await user.click(within(review).getByRole("button", { name: "Post Reply" }));
    await waitFor(() => expect(replies).toEqual([{ bookingId: "b-3", reply: "Thank you, Yaw." }]));
  });
});

describe("the profile photo", () => {
  const PHOTO_URL = "/api/uploads/7c9e6679-7425-40de-944b-e07fc1f90ae7";
  /** Mantine's FileInput is a labelled button in front of a hidden native file input. */
  const photoInput = () => {
    expect(screen.getByRole("button", { name: /^Profile Photo/ })).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("No file input");
    return input;
  };
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });

  it("uploads when chosen, shows progress, and saves the uploaded photo's address", async () => {
    const updates: unknown[] = [];
    asSeer({
      "seerDashboard.updateProfile": (input) => {
        updates.push(input);
        return { ...overviewData().seer, availability: null, profileImageUrl: PHOTO_URL };
      },
    });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    server.use(
      http.post(`${TEST_ORIGIN}/api/upload/profile-photo`, async () => {
        await gate;
        return HttpResponse.json({ url: PHOTO_URL });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Profile" }));
    await user.click(await screen.findByRole("button", { name: "Update Profile" }));
    await user.upload(photoInput(), png());
    expect(await screen.findByRole("progressbar", { name: "Photo upload progress" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save Profile" })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole("progressbar", { name: "Photo upload progress" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(updates[0]).toMatchObject({ profileImageUrl: PHOTO_URL });
  });

  it("shows the server's reason when the photo is refused", async () => {
    asSeer();
    server.use(
      http.post(
        `${TEST_ORIGIN}/api/upload/profile-photo`,
        () => new HttpResponse("Only JPEG or PNG images are accepted for the profile photo.", { status: 422 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Profile" }));
    await user.click(await screen.findByRole("button", { name: "Update Profile" }));
    await user.upload(photoInput(), png());
    expect(await screen.findByText("Only JPEG or PNG images are accepted for the profile photo.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save Profile" })).toBeEnabled();
  });
});

describe("payouts on the Earnings tab", () => {
  const originalLocation = window.location;
  afterEach(() => {
    Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
  });

  it("offers to connect a payout account, keeps earnings for later, and opens the onboarding page", async () => {
    const assign = vi.fn();
    Object.defineProperty(window, "location", { configurable: true, value: { ...originalLocation, assign } });
    let connects = 0;
    asSeer({
      "payouts.connect": () => {
        connects++;
        return { url: "/payouts/test-onboarding?account=acct_1&return=%2Fseer%2Fdashboard%3Ftab%3Dearnings" };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard?tab=earnings");
    expect(await screen.findByRole("heading", { name: "Payouts" })).toBeInTheDocument();
    expect(screen.getByText("Not connected")).toBeInTheDocument();
    expect(screen.getByText("$128.00")).toBeInTheDocument();
    expect(screen.getByText("Paid once your payout account is active")).toBeInTheDocument();
    expect(screen.getByText("Held until 24 hours after each session")).toBeInTheDocument();
    expect(screen.getByText("No payouts yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Connect payout account" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("/payouts/test-onboarding?account=acct_1&return=%2Fseer%2Fdashboard%3Ftab%3Dearnings"),
    );
    expect(connects).toBe(1);
  });

  it("back from onboarding, asks for the account's state once and lists the payouts", async () => {
    let refreshes = 0;
    let status: "details_needed" | "active" = "details_needed";
    asSeer({
      "payouts.overview": () => payoutsOf(status),
      "payouts.refresh": () => {
        refreshes++;
        status = "active";
        return { status };
      },
    });
    const { router } = renderApp("/seer/dashboard?tab=earnings&payouts=return");
    expect(await screen.findByText("Active")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Payout history" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByText("Partly reversed")).toBeInTheDocument();
    expect(within(table).getByText("$70.00")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Connect payout account" })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: "earnings" }));
    expect(refreshes).toBe(1);
  });
});

describe("the Availability tab's scheduling rules and time off", () => {
  it("saves a buffer, adds time off, and cancels only the chosen booking inside it", async () => {
    const rules: unknown[] = [];
    const added: unknown[] = [];
    const cancelled: unknown[] = [];
    const removed: unknown[] = [];
    asSeer({
      "seerDashboard.saveRules": (input) => {
        rules.push(input);
        return input;
      },
      "seerDashboard.addOverride": (input) => {
        added.push(input);
        return {
          override: {
            id: "o-2",
            startDate: "2026-12-02",
            endDate: "2026-12-04",
            kind: "time_off" as const,
            hours: [],
            note: null,
          },
          bookings: [
            {
              id: "b-1",
              startsAt: new Date("2026-12-02T10:00:00Z"),
              endsAt: new Date("2026-12-02T11:00:00Z"),
              sessionType: "60min" as const,
              clientName: "Kofi Mensah",
            },
            {
              id: "b-2",
              startsAt: new Date("2026-12-03T12:00:00Z"),
              endsAt: new Date("2026-12-03T13:00:00Z"),
              sessionType: "30min" as const,
              clientName: "Efua Asante",
            },
          ],
          releasedHolds: 0,
        };
      },
      "seerDashboard.cancelTimeOffBookings": (input) => {
        cancelled.push(input);
        return { cancelled: input.bookingIds };
      },
      "seerDashboard.removeOverride": (input) => {
        removed.push(input.id);
        return { id: input.id };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Availability" }));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Buffer after each session" }), "15");
    await user.click(screen.getByRole("button", { name: "Save Rules" }));
    expect(await screen.findByText("Rules saved")).toBeInTheDocument();
    expect(rules).toEqual([{ ...RULES, bufferAfterMinutes: 15 }]);

    expect(screen.getByText("24 Dec 2026 – 26 Dec 2026: Time off")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove 24 Dec 2026 – 26 Dec 2026: Time off" }));
    await waitFor(() => expect(removed).toEqual(["o-1"]));

    expect(screen.getByRole("button", { name: "Add Time Off" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "2 December 2026" }));
    await user.click(screen.getByRole("button", { name: "4 December 2026" }));
    await user.type(screen.getByRole("textbox", { name: "Note (optional)" }), "Retreat");
    await user.click(screen.getByRole("button", { name: "Add Time Off" }));
    const dialog = await screen.findByRole("dialog", { name: "Bookings during your time off" });
    expect(added).toEqual([{ kind: "time_off", startDate: "2026-12-02", endDate: "2026-12-04", note: "Retreat" }]);
    expect(within(dialog).getByRole("button", { name: "Cancel Selected" })).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: /Kofi Mensah/ }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel Selected" }));
    await waitFor(() => expect(cancelled).toEqual([{ bookingIds: ["b-1"], kind: "time_off" }]));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Bookings during your time off" })).not.toBeInTheDocument());
  });

  it("gives a date its own hours and lists the bookings outside them with the same keep or cancel choice", async () => {
    const added: unknown[] = [];
    const cancelled: unknown[] = [];
    asSeer({
      "seerDashboard.addOverride": (input) => {
        added.push(input);
        return {
          override: {
            id: "o-3",
            startDate: "2026-12-05",
            endDate: "2026-12-05",
            kind: "hours" as const,
            hours: [{ start: "10:00", end: "12:00" }],
            note: null,
          },
          bookings: [
            {
              id: "b-3",
              startsAt: new Date("2026-12-05T15:00:00Z"),
              endsAt: new Date("2026-12-05T16:00:00Z"),
              sessionType: "60min" as const,
              clientName: "Ama Owusu",
            },
          ],
          releasedHolds: 1,
        };
      },
      "seerDashboard.cancelTimeOffBookings": (input) => {
        cancelled.push(input);
        return { cancelled: input.bookingIds };
      },
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Availability" }));
    await user.click(await screen.findByText("Own hours"));
    await user.click(await screen.findByRole("button", { name: "5 December 2026" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "To" }), "13:00");
    await user.click(screen.getByRole("button", { name: "Add Hours" }));
    const hoursTexts = { title: t(affectedBookingsTexts.hours.title), text: t(affectedBookingsTexts.hours.text) };
    const dialog = await screen.findByRole("dialog", { name: hoursTexts.title });
    expect(hoursTexts).toEqual({
      title: "Bookings outside your new hours",
      text: "These sessions fall outside the hours you gave this date. Keep them, or cancel them: each client gets a full refund.",
    });
    expect(within(dialog).getByText(hoursTexts.text)).toBeInTheDocument();
    expect(added).toEqual([
      { kind: "hours", startDate: "2026-12-05", endDate: "2026-12-05", hours: [{ start: "10:00", end: "13:00" }], note: "" },
    ]);
    await user.click(within(dialog).getByRole("checkbox", { name: /Ama Owusu/ }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel Selected" }));
    await waitFor(() => expect(cancelled).toEqual([{ bookingIds: ["b-3"], kind: "hours" }]));
    expect(await screen.findByText("Bookings cancelled")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: hoursTexts.title })).not.toBeInTheDocument());
  });

  it("opens no dialog when a date's own hours refuse no confirmed booking", async () => {
    asSeer({
      "seerDashboard.addOverride": () => ({
        override: {
          id: "o-4",
          startDate: "2026-12-05",
          endDate: "2026-12-05",
          kind: "hours" as const,
          hours: [{ start: "10:00", end: "12:00" }],
          note: null,
        },
        bookings: [],
        releasedHolds: 0,
      }),
    });
    const user = userEvent.setup();
    renderApp("/seer/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Availability" }));
    await user.click(await screen.findByText("Own hours"));
    await user.click(await screen.findByRole("button", { name: "5 December 2026" }));
    await user.click(screen.getByRole("button", { name: "Add Hours" }));
    expect(await screen.findByText("Date added")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("/seer/dashboard in French (issue #45)", () => {
  // The app's language and its format language, as main.tsx sets them for a French page.
  const french = () => {
    setFormatLocale("fr");
    return createI18n("fr", { ...frenchPublic, ...frenchApp });
  };
  afterEach(() => setFormatLocale("en"));
  // Testing Library reads every space as a plain one: the French no-break spaces match " ".

  it("draws the heading, the figures, the tabs and the session cards in French", async () => {
    asSeer();
    const user = userEvent.setup();
    renderApp("/fr/seer/dashboard", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord Seer" })).toBeInTheDocument();
    expect(
      screen.getByText(/^Bon retour, Ama Serwaa Owusu\. Les horaires sont affichés dans votre fuseau horaire/),
    ).toBeInTheDocument();
    expect(screen.getByText("Gains totaux")).toBeInTheDocument();
    expect(screen.getByText("148,00 $")).toBeInTheDocument();
    expect(screen.getByText("Après 20 % de frais de plateforme")).toBeInTheDocument();
    for (const name of ["À venir (2)", "Passées (1)", "Gains", "Profil", "Disponibilités"]) {
      expect(screen.getByRole("tab", { name })).toBeInTheDocument();
    }
    const card = screen.getByRole("article", { name: /^Séance de 60 minutes le / });
    expect(within(card).getByRole("heading", { name: "Séance de 60 minutes" })).toBeInTheDocument();
    expect(within(card).getByText("Confirmée")).toBeInTheDocument();
    expect(within(card).getByText("Notes du client : About my family")).toBeInTheDocument();
    expect(card).toHaveTextContent("Vos gains : 80,00 $");
    expect(within(card).getByRole("link", { name: "Rejoindre la salle de consultation" })).toHaveAttribute(
      "href",
      "/fr/meeting/b-1",
    );
    expect(within(card).getByRole("button", { name: "Proposer un autre horaire" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Annuler la séance" })).toBeInTheDocument();
    expect(screen.getByText("Déplacée")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Passées (1)" }));
    const past = await screen.findByRole("article", { name: /^Séance de 30 minutes/ });
    expect(within(past).getByText("Terminée")).toBeInTheDocument();
    expect(within(past).getByText("Avis du client")).toBeInTheDocument();
    // What the client wrote is shown as written.
    expect(within(past).getByText("Very calm and clear.")).toBeInTheDocument();
  });

  it("draws the earnings, the profile and the weekly calendar in French", async () => {
    asSeer();
    const user = userEvent.setup();
    renderApp("/fr/seer/dashboard?tab=earnings", french());
    const table = await screen.findByRole("table", { name: "Gains par séance" });
    expect(within(table).getByRole("columnheader", { name: "Frais de plateforme" })).toBeInTheDocument();
    expect(within(table).getByText("en attente")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "30 derniers jours" })).toBeInTheDocument();
    expect(screen.getByText("Détail de la commission")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Versements" })).toBeInTheDocument();
    expect(screen.getByText("Non connecté")).toBeInTheDocument();
    expect(screen.getByText("Vos gains (80 %)")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Profil" }));
    expect(await screen.findByText("15 minutes : Non proposée")).toBeInTheDocument();
    expect(screen.getByText(/\(12 avis\)$/)).toHaveTextContent(/^Note : .+ \(12 avis\)$/);
    // The Seer's own words stay as written.
    expect(screen.getByText("A priestess of the Akan tradition.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Modifier le profil" }));
    const form = await screen.findByRole("form", { name: "Modifier le profil" });
    expect(within(form).getByLabelText("Tarif 30 minutes")).toHaveValue("45.00");
    expect(within(form).getByRole("button", { name: "Enregistrer le profil" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Disponibilités" }));
    const monday = await screen.findByRole("group", { name: "Lundi" });
    expect(within(monday).getByRole("button", { name: "Fermer la journée du lundi" })).toBeInTheDocument();
    expect(within(monday).getByRole("checkbox", { name: "Lundi 09:00" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Enregistrer les disponibilités" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Règles de réservation" })).toBeInTheDocument();
    const notice = screen.getByRole("combobox", { name: "Délai de prévenance minimum" });
    expect(within(notice).getByRole("option", { selected: true })).toHaveTextContent("2 heures");
    expect(within(notice).getByRole("option", { name: "1 jour" })).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent(/^24 déc\. 2026 – 26 déc\. 2026 : absence/);
  });
});

/**
 * What the dashboard shows that is not its own words: money, counts, dates, times, the clients' names and what the Seer
 * and the clients wrote, the timezones' cities; and the texts of other features' parts inside it (the messages button,
 * the stars' label, the charts' caption), which their own areas translate.
 */
const NOT_ITS_WORDS = new RegExp(
  [
    String.raw`-?\$[\d,.]+|[\d.,%-]+|\d\d:\d\d|(\w+day, )?\w+ \d+, \d{4}|Lagos|Kofi M\.|Esi A\.|Yaw B\.|Very calm and clear\.`,
    String.raw`AO|Ama Serwaa Owusu|Akan Akom|Ghana|English, Twi|Divination|Ancestral Healing|A priestess of the Akan tradition\.`,
    String.raw`New York|Chicago|Denver|Los Angeles|London|Paris|Nairobi|Johannesburg|Cairo|Dubai|Family`,
    String.raw`Messages|Rated [\d.]+ out of 5|Last 12 months:`,
  ]
    .map((part) => `^(${part})$`)
    .join("|"),
);

/**
 * The page without the parts other features draw: the header, the Seer's calendars and feed (named in the
 * pseudo-language too; features/calendars/calendars.test.tsx checks them), the date picker.
 */
function dashboardParts(): HTMLElement {
  const copy = document.body.cloneNode(true) as HTMLElement;
  const others = 'header, [aria-label*="Your calendars"], [aria-label*="Your calendar feed"], [class*="mantine-DatePicker"]';
  for (const element of copy.querySelectorAll(others)) element.remove();
  return copy;
}

describe("/seer/dashboard in the pseudo-language (issue #45)", () => {
  it("draws every text of its own, on each tab, from the catalog", async () => {
    asSeer();
    const user = userEvent.setup();
    renderApp("/seer/dashboard", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦Seer Dashboard⟧/ });
    const found = new Set(bypassing(dashboardParts(), NOT_ITS_WORDS));
    for (const tab of [/Past/, /Earnings/, /Profile/, /Availability/]) {
      await user.click(screen.getByRole("tab", { name: tab }));
      await screen.findByRole("tabpanel");
      if (/Availability/.test(tab.source)) await screen.findByText(/Scheduling Rules/);
      for (const text of bypassing(dashboardParts(), NOT_ITS_WORDS)) found.add(text);
    }
    expect([...found]).toEqual([]);
  });
});
