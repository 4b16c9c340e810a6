import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { createQueryClient, createTrpcClient, type RouterOutputs } from "../../trpc";
import { DisputesPanel } from "../admin/DisputesPanel";
import { SeerDisputeAnswer } from "./ReportProblem";
import type { Consultation } from "./types";

const HOUR = 3_600_000;

const completed = (overrides: Partial<Consultation> = {}): Consultation => {
  const startsAt = new Date(Date.now() - 3 * HOUR);
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
    status: "completed",
    meetingLink: null,
    calendarSequence: 0,
    refundedAmount: "0.00",
    refundDue: "0.00",
    dispute: null,
    reportableUntil: new Date(Date.now() + 20 * HOUR),
    canReport: true,
    cancelledAt: null,
    cancelledBy: null,
    proposedStartsAt: null,
    review: null,
    ...overrides,
  };
};

/** /profile with these past sessions: the card is drawn as the page draws it. */
function showProfile(past: Consultation[], more: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => ({
        id: "u-1",
        email: "ama@example.com",
        firstName: "Ama",
        lastName: "Mensah",
        profileImageUrl: null,
        role: "client" as const,
        emailVerified: true,
        secondFactor: false,
      }),
      "cart.list": () => [],
      "account.sessions": () => [],
      "calendars.feed": () => ({
        httpsUrl: "http://localhost:3000/calendar/abc.ics",
        webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
      }),
      "bookings.clientSessions": () => ({ upcoming: [], past }),
      "account.orders": () => [],
      "messages.unread": () => ({ total: 0, byBooking: {} }),
      ...more,
    }),
  );
  renderApp("/profile");
}

function renderWith(handlers: Parameters<typeof trpcHandlers>[0], element: React.ReactElement) {
  server.use(...trpcHandlers({ "messages.unread": () => ({ total: 0, byBooking: {} }), ...handlers }));
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      {element}
    </AppProviders>,
  );
}

describe("Report a problem", () => {
  it("is offered on a completed session within the hold, asks for a reason and a text, and sends them", async () => {
    const sent: unknown[] = [];
    showProfile([completed()], {
      "bookings.reportProblem": (input) => {
        sent.push(input);
        return {
          id: "d-1",
          bookingId: "b-1",
          reason: "call_failed" as const,
          text: "The video froze.",
          status: "open" as const,
          seerAnswer: null,
          seerAnsweredAt: null,
          refundAmount: null,
          decisionReason: null,
          decidedAt: null,
          createdAt: new Date(),
        };
      },
    });
    await userEvent.click(await screen.findByRole("tab", { name: /Past/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Report a problem" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a problem" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    expect(await within(dialog).findByText("Choose what went wrong")).toBeInTheDocument();
    expect(within(dialog).getByText("Tell us what happened")).toBeInTheDocument();
    expect(sent).toEqual([]);
    for (const label of ["The Seer did not come", "The call did not work", "Something else"])
      expect(within(dialog).getByRole("radio", { name: label })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("radio", { name: "The call did not work" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "What happened" }), "The video froze.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    await waitFor(() => expect(sent).toEqual([{ bookingId: "b-1", reason: "call_failed", text: "The video froze." }]));
  });

  it("is not offered once the hold has ended, and shows a report's state instead", async () => {
    showProfile([
      completed({ canReport: false, reportableUntil: new Date(Date.now() - HOUR) }),
      completed({
        id: "b-2",
        canReport: false,
        dispute: {
          id: "d-2",
          reason: "seer_absent",
          text: "Nobody came.",
          status: "partly_refunded",
          seerAnswer: "I was there.",
          refundAmount: "20.00",
          decisionReason: "The room shows a short call.",
        },
      }),
    ]);
    await userEvent.click(await screen.findByRole("tab", { name: /Past/ }));
    expect(await screen.findByTestId("dispute")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report a problem" })).not.toBeInTheDocument();
    const report = screen.getByTestId("dispute");
    expect(report).toHaveTextContent("Problem reported: The Seer did not come");
    expect(report).toHaveTextContent("The Seer answered: I was there.");
    expect(report).toHaveTextContent("Decision: $20.00 refunded. The room shows a short call.");
  });

  it("lets the Seer answer an open report once", async () => {
    const answers: unknown[] = [];
    renderWith(
      {
        "bookings.answerDispute": (input) => {
          answers.push(input);
          return {
            id: "d-1",
            bookingId: "b-1",
            reason: "other" as const,
            text: "Cut short.",
            status: "open" as const,
            seerAnswer: "It ran the full hour.",
            seerAnsweredAt: new Date(),
            refundAmount: null,
            decisionReason: null,
            decidedAt: null,
            createdAt: new Date(),
          };
        },
      },
      <SeerDisputeAnswer
        bookingId="b-1"
        dispute={{
          reason: "other",
          text: "Cut short.",
          status: "open",
          seerAnswer: null,
          refundAmount: null,
          decisionReason: null,
        }}
      />,
    );
    expect(screen.getByText("Problem reported by the client: Something else")).toBeInTheDocument();
    expect(screen.getByText("Your payout for this session is held until our team decides.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Answer" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Your answer" }), "It ran the full hour.");
    await userEvent.click(screen.getByRole("button", { name: "Send Answer" }));
    await waitFor(() => expect(answers).toEqual([{ bookingId: "b-1", answer: "It ran the full hour." }]));
  });
});

type Open = RouterOutputs["bookings"]["disputes"][number];

describe("the admins' disputes queue", () => {
  it("shows the claim, the answer and the room's records, and sends a partial refund with its reason", async () => {
    const decided: unknown[] = [];
    const open: Open = {
      id: "d-1",
      bookingId: "b-1",
      reason: "call_failed",
      text: "The video froze after ten minutes.",
      status: "open",
      seerAnswer: null,
      seerAnsweredAt: null,
      refundAmount: null,
      decisionReason: null,
      decidedAt: null,
      createdAt: new Date("2026-11-22T12:00:00Z"),
      sessionType: "60min",
      startsAt: new Date("2026-11-22T10:00:00Z"),
      endsAt: new Date("2026-11-22T11:00:00Z"),
      amount: "80.00",
      seerName: "Nana Akosua Boateng",
      clientEmail: "ama@example.com",
      clientName: "Ama Mensah",
      refundedAmount: "0.00",
      refundable: "80.00",
      attendance: [{ role: "client", joinedAt: new Date("2026-11-22T10:00:00Z"), leftAt: new Date("2026-11-22T10:12:00Z") }],
    };
    renderWith(
      {
        "bookings.disputes": () => [open],
        "messages.reported": () => [],
        "bookings.decideDispute": (input) => {
          decided.push(input);
          return {
            disputeId: "d-1",
            bookingId: "b-1",
            status: "partly_refunded" as const,
            refundAmount: "30.00",
            decidedNow: true,
          };
        },
      },
      <DisputesPanel />,
    );
    const card = await screen.findByTestId("open-dispute");
    expect(card).toHaveTextContent("The call did not work");
    expect(card).toHaveTextContent("Claim: The video froze after ten minutes.");
    expect(card).toHaveTextContent("Seer's answer: No answer yet.");
    const records = within(card).getByRole("table", { name: "Meeting room attendance" });
    expect(records).toHaveTextContent("Client2026-11-22 10:00 UTC2026-11-22 10:12 UTC");
    await userEvent.click(within(card).getByRole("radio", { name: "Partial refund" }));
    await userEvent.type(within(card).getByRole("textbox", { name: "Amount to refund (USD)" }), "30");
    await userEvent.click(within(card).getByRole("button", { name: "Decide" }));
    expect(await within(card).findByText("Give a reason")).toBeInTheDocument();
    await userEvent.type(within(card).getByRole("textbox", { name: "Reason" }), "Ten minutes of sixty");
    await userEvent.click(within(card).getByRole("button", { name: "Decide" }));
    await waitFor(() =>
      expect(decided).toEqual([
        { disputeId: "d-1", decision: "partial_refund", refundAmount: "30", reason: "Ten minutes of sixty" },
      ]),
    );
  });
});
