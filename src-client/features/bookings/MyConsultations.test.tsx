import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { seerData } from "../seers/testData";
import type { Consultation } from "./types";

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

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Math.floor((Date.now() + offsetMs) / 3_600_000) * 3_600_000);

const consultation = (overrides: Partial<Consultation>): Consultation => {
  const startsAt = overrides.startsAt ?? at(3 * DAY);
  return {
    id: "b-1",
    seerId: "s-1",
    seerName: "Nana Akosua Boateng",
    sessionType: "30min",
    scheduledDate: startsAt.toISOString().slice(0, 10),
    scheduledTime: startsAt.toISOString().slice(11, 16),
    clientTimezone: "UTC",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
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
  };
};

function showProfile(upcoming: Consultation[], past: Consultation[], more: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => client,
      "cart.list": () => [],
      "account.sessions": () => [],
      // The profile's calendar feed card (issue #42) asks for its address on every profile.
      "calendars.feed": () => ({
        httpsUrl: "http://localhost:3000/calendar/abc.ics",
        webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
      }),
      "bookings.clientSessions": () => ({ upcoming, past }),
      // The reschedule dialog's calendar stops at the Seer's horizon, read from the Seer's profile.
      "seers.byId": ({ id }) => seerData({ id }),
      "account.orders": () => [],
      ...more,
    }),
  );
  renderApp("/profile");
}

describe("/profile consultation actions", () => {
  it("shows what cancelling would refund, from the server's quote, and cancels with the quote's sequence", async () => {
    const cancelCalls: unknown[] = [];
    showProfile([consultation({ calendarSequence: 2 })], [], {
      "bookings.cancellationQuote": () => ({
        bookingId: "b-1",
        amount: "45.00",
        refundAmount: "22.50",
        refundPercent: 50,
        canceller: "client" as const,
        sequence: 2,
        charge: null,
      }),
      "bookings.cancel": (input) => {
        cancelCalls.push(input);
        return { bookingId: "b-1", status: "cancelled" as const, refundAmount: "22.50" };
      },
    });
    const card = await screen.findByTestId("consultation");
    expect(card).toHaveTextContent("Rescheduled");
    expect(within(card).getByRole("link", { name: "Add to Calendar" })).toHaveAttribute("href", "/api/bookings/b-1/calendar.ics");
    await userEvent.click(within(card).getByRole("button", { name: "Cancel Booking" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this consultation?" });
    expect(await within(dialog).findByTestId("refund-amount")).toHaveTextContent(
      "You will be refunded $22.50 of the $45.00 you paid.",
    );
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Reason (optional)" }), "Travelling");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel Booking" }));
    await waitFor(() => expect(cancelCalls).toEqual([{ bookingId: "b-1", reason: "Travelling", sequence: 2 }]));
    expect(await screen.findByText("$22.50 will be refunded to your card.")).toBeInTheDocument();
  });

  it("says the refund of a booking paid in cedis in cedis, as the refund will be made", async () => {
    showProfile([consultation({ calendarSequence: 0 })], [], {
      "bookings.cancellationQuote": () => ({
        bookingId: "b-1",
        amount: "45.00",
        refundAmount: "22.50",
        refundPercent: 50,
        canceller: "client" as const,
        sequence: 0,
        charge: { currency: "GHS" as const, amount: 64890, refund: 32445 },
      }),
      "bookings.cancel": () => ({ bookingId: "b-1", status: "cancelled" as const, refundAmount: "22.50" }),
    });
    const card = await screen.findByTestId("consultation");
    await userEvent.click(within(card).getByRole("button", { name: "Cancel Booking" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this consultation?" });
    expect(await within(dialog).findByTestId("refund-amount")).toHaveTextContent(
      "You will be refunded GH₵324.45 of the GH₵648.90 you paid.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel Booking" }));
    expect(await screen.findByText("GH₵324.45 will be refunded the way you paid.")).toBeInTheDocument();
  });

  it("shows a cancelled booking under past with the refunded amount and who cancelled", async () => {
    showProfile(
      [],
      [
        consultation({
          status: "cancelled",
          meetingLink: null,
          refundedAmount: "45.00",
          refundDue: "45.00",
          cancelledBy: "client",
          cancelledAt: new Date("2026-11-20T09:00:00Z"),
          calendarSequence: 1,
        }),
        consultation({
          id: "b-2",
          status: "cancelled",
          meetingLink: null,
          refundedAmount: "0.00",
          refundDue: "45.00",
          cancelledBy: "seer",
          cancelledAt: new Date("2026-11-21T09:00:00Z"),
        }),
      ],
    );
    await userEvent.click(await screen.findByRole("tab", { name: "Past (2)" }));
    const [mine, theirs] = (await screen.findAllByTestId("consultation")) as [HTMLElement, HTMLElement];
    expect(mine).toHaveTextContent("Cancelled");
    expect(within(mine).getByTestId("refund")).toHaveTextContent("Refunded $45.00");
    expect(mine).toHaveTextContent("Cancelled by you on Nov 20, 2026");
    expect(within(mine).queryByRole("button", { name: "Cancel Booking" })).not.toBeInTheDocument();
    expect(within(mine).queryByRole("link", { name: "Join Meeting Room" })).not.toBeInTheDocument();
    expect(within(theirs).getByTestId("refund")).toHaveTextContent("Refund of $45.00 on its way");
    expect(theirs).toHaveTextContent("Cancelled by Nana Akosua Boateng on Nov 21, 2026");
  });

  it("shows a Seer's no-show under past as refunded in full, without a report or a review", async () => {
    const startsAt = at(-2 * DAY);
    showProfile(
      [],
      [
        consultation({
          startsAt,
          status: "seer_no_show",
          meetingLink: null,
          refundedAmount: "0.00",
          refundDue: "45.00",
        }),
        consultation({
          id: "b-2",
          startsAt: at(-3 * DAY),
          status: "seer_no_show",
          meetingLink: null,
          refundedAmount: "45.00",
          refundDue: "45.00",
        }),
      ],
    );
    await userEvent.click(await screen.findByRole("tab", { name: "Past (2)" }));
    const [waiting, refunded] = (await screen.findAllByTestId("consultation")) as [HTMLElement, HTMLElement];
    expect(waiting).toHaveTextContent("Seer did not come");
    expect(within(waiting).getByTestId("refund")).toHaveTextContent("Refund of $45.00 on its way");
    expect(within(refunded).getByTestId("refund")).toHaveTextContent("Refunded $45.00");
    expect(refunded).toHaveTextContent("Nana Akosua Boateng did not join this session, so by our Terms you are refunded in full.");
    expect(within(refunded).queryByRole("button", { name: "Report a problem" })).not.toBeInTheDocument();
    expect(within(refunded).queryByRole("button", { name: "Write a Review" })).not.toBeInTheDocument();
    expect(within(refunded).getByRole("link", { name: "Session chat" })).toBeInTheDocument();
  });

  it("offers no reschedule within 24 hours, and accepts a time the Seer proposed with the booking's sequence", async () => {
    const responses: unknown[] = [];
    const proposed = at(5 * DAY);
    showProfile([consultation({ startsAt: at(DAY / 2), proposedStartsAt: proposed, calendarSequence: 1 })], [], {
      "bookings.respondToProposal": (input) => {
        responses.push(input);
        return { bookingId: "b-1", startsAt: proposed };
      },
    });
    const card = await screen.findByTestId("consultation");
    expect(within(card).queryByRole("button", { name: "Reschedule" })).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Cancel Booking" })).toBeInTheDocument();
    const notice = within(card).getByTestId("proposal");
    expect(notice).toHaveTextContent("Nana Akosua Boateng proposed a new time");
    expect(notice).toHaveTextContent(`at ${proposed.toISOString().slice(11, 16)} (UTC)`);
    await userEvent.click(within(notice).getByRole("button", { name: "Accept New Time" }));
    await waitFor(() => expect(responses).toEqual([{ bookingId: "b-1", accept: true, sequence: 1 }]));
  });

  it("moves a booking to a free slot of the same Seer and session type, in the booking's timezone", async () => {
    const moves: unknown[] = [];
    const slotQueries: unknown[] = [];
    showProfile([consultation({ clientTimezone: "Africa/Lagos" })], [], {
      "bookings.takenSlots": (input) => {
        slotQueries.push(input);
        return { taken: ["10:00"], notOffered: ["19:00", "20:00"] };
      },
      "bookings.reschedule": (input) => {
        moves.push(input);
        return { bookingId: "b-1", startsAt: new Date() };
      },
    });
    const card = await screen.findByTestId("consultation");
    await userEvent.click(within(card).getByRole("button", { name: "Reschedule" }));
    const dialog = await screen.findByRole("dialog", { name: "Reschedule Consultation" });
    expect(dialog).toHaveTextContent("Times are in your booking's timezone (Africa/Lagos).");
    const days = within(dialog)
      .getAllByRole("button")
      .filter((b) => /^\d{1,2} \w+ \d{4}$/.test(b.getAttribute("aria-label") ?? "") && !b.hasAttribute("disabled"));
    const lastEnabled = days[days.length - 1];
    if (!lastEnabled) throw new Error("no day to pick");
    await userEvent.click(lastEnabled);
    const slots = await within(dialog).findByRole("group", { name: "Time slots" });
    await waitFor(() => expect(within(slots).getByRole("button", { name: "10:00" })).toBeDisabled());
    expect(within(slots).queryByRole("button", { name: "20:00" })).not.toBeInTheDocument();
    await userEvent.click(within(slots).getByRole("button", { name: "11:00" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm New Time" }));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]).toMatchObject({ bookingId: "b-1", scheduledTime: "11:00", sequence: 0 });
    expect(slotQueries[0]).toMatchObject({ seerId: "s-1", sessionType: "30min", clientTimezone: "Africa/Lagos" });
  });

  it("checks a review before sending it (stars required, at most 2,000 characters) and shows the Seer's reply", async () => {
    const written: unknown[] = [];
    showProfile(
      [],
      [
        consultation({ id: "b-5", status: "completed", meetingLink: null, startsAt: at(-2 * DAY) }),
        consultation({
          id: "b-6",
          status: "completed",
          meetingLink: null,
          startsAt: at(-20 * DAY),
          review: {
            rating: 4,
            comment: "Clear and kind.",
            seerReply: "Thank you, Ama.",
            createdAt: new Date(Date.now() - 19 * DAY),
            editableUntil: new Date(Date.now() - 12 * DAY),
          },
        }),
      ],
      {
        "bookings.writeReview": (input) => {
          written.push(input);
          return {
            bookingId: "b-5",
            rating: 5,
            comment: "Deeply helpful.",
            seerReply: null,
            seerRepliedAt: null,
            createdAt: new Date(),
            updatedAt: new Date(),
            editableUntil: new Date(Date.now() + 7 * DAY),
          };
        },
      },
    );
    await userEvent.click(await screen.findByRole("tab", { name: "Past (2)" }));
    const [fresh, old] = (await screen.findAllByTestId("consultation")) as [HTMLElement, HTMLElement];
    expect(old).toHaveTextContent("Completed");
    expect(within(old).getByTestId("own-review")).toHaveTextContent("Clear and kind.");
    expect(within(old).getByTestId("own-review")).toHaveTextContent("Reply from Nana Akosua BoatengThank you, Ama.");
    // Past its 7 days, a review can no longer be changed.
    expect(within(old).queryByRole("button", { name: "Edit Review" })).not.toBeInTheDocument();

    await userEvent.click(within(fresh).getByRole("button", { name: "Write a Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Write a Review" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    expect(await within(dialog).findByText("Choose 1 to 5 stars")).toBeInTheDocument();
    const comment = within(dialog).getByRole("textbox", { name: "Your review (optional)" });
    await userEvent.click(comment);
    await userEvent.paste("x".repeat(2001));
    await userEvent.click(within(dialog).getByRole("radio", { name: "5 stars" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    expect(await within(dialog).findByText("A review is at most 2,000 characters")).toBeInTheDocument();
    expect(written).toEqual([]);

    await userEvent.clear(comment);
    await userEvent.type(comment, "Deeply helpful.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(written).toEqual([{ bookingId: "b-5", rating: 5, comment: "Deeply helpful." }]));
  });
});

describe("the reschedule dialog's calendar", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stops at the Seer's own horizon", async () => {
    // Only Date is faked: "today" is 10 November 2026, so the horizon's last day is on the month's page.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-10T10:30:00Z"));
    const asked: unknown[] = [];
    showProfile([consultation({})], [], {
      "seers.byId": (input) => {
        asked.push(input);
        return seerData({ id: "s-1", horizonDays: 7 });
      },
      "bookings.takenSlots": () => ({ taken: [], notOffered: [] }),
    });
    const card = await screen.findByTestId("consultation");
    await userEvent.click(within(card).getByRole("button", { name: "Reschedule" }));
    const dialog = await screen.findByRole("dialog", { name: "Reschedule Consultation" });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "18 November 2026" })).toBeDisabled());
    expect(within(dialog).getByRole("button", { name: "17 November 2026" })).toBeEnabled();
    expect(asked).toEqual([{ id: "s-1" }]);
  });
});
