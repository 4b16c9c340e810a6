import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/domain/meetings";
import { inboxSocket, server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import type { RouterOutputs } from "../../trpc";

type ThreadView = RouterOutputs["messages"]["thread"];

const seerMessage: ChatMessage = {
  id: "m1",
  senderRole: "seer",
  senderName: "Ama Serwaa Owusu",
  text: "<b>What</b> should the reading address?",
  sentAt: "2026-11-22T10:00:00Z",
};

const thread = (overrides: Partial<ThreadView> = {}): ThreadView => ({
  bookingId: "b-1",
  viewer: "client",
  peerName: "Ama Serwaa Owusu",
  seerName: "Ama Serwaa Owusu",
  clientName: "Kofi Boateng",
  scheduledDate: "2026-11-23",
  scheduledTime: "10:00",
  clientTimezone: "Africa/Accra",
  startsAt: new Date("2026-11-23T10:00:00Z"),
  state: "open",
  closesAt: new Date("2026-12-07T11:00:00Z"),
  messages: [seerMessage],
  ...overrides,
});

function show(
  view: ThreadView,
  send: (input: { text?: string }) => ChatMessage | { error: { code: "CONFLICT"; message: string } },
  more: Parameters<typeof trpcHandlers>[0] = {},
) {
  const reads: string[] = [];
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInClient,
      "cart.list": () => [],
      "messages.thread": () => view,
      "messages.markRead": (input) => {
        reads.push(input.bookingId);
        return { ok: true as const };
      },
      "messages.inbox": () => [],
      "messages.send": (input) => send(input),
      ...more,
    }),
  );
  return reads;
}

const log = () => screen.getByRole("log", { name: "Messages" });

describe("/messages/{bookingId}", () => {
  it("shows the thread as text, marks it read, and keeps what was typed when sending fails", async () => {
    const reads = show(thread(), () => ({
      error: { code: "CONFLICT", message: "This conversation is closed: messages can be sent until 14 days after the session." },
    }));
    renderApp("/messages/b-1");
    expect(await screen.findByRole("heading", { name: "Messages with Ama Serwaa Owusu" })).toBeInTheDocument();
    expect(screen.getByText("Session on Mon, Nov 23, 2026 at 10:00 (Africa/Accra)")).toBeInTheDocument();
    // Never read as HTML.
    expect(within(log()).getByText("<b>What</b> should the reading address?")).toBeInTheDocument();
    await waitFor(() => expect(reads).toEqual(["b-1"]));

    const box = screen.getByRole("textbox", { name: "Message" });
    expect(box.closest("form")).not.toBeNull();
    await userEvent.type(box, "My mother's health");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText("This conversation is closed: messages can be sent until 14 days after the session."),
    ).toBeInTheDocument();
    expect(box).toHaveValue("My mother's health");
  });

  it("sends with Enter, clears the form, and shows the other side's reply as it arrives", async () => {
    show(thread(), (input) => ({
      id: "m2",
      senderRole: "client",
      senderName: "Kofi Boateng",
      text: input.text ?? "",
      sentAt: "2026-11-22T10:05:00Z",
    }));
    renderApp("/messages/b-1");
    const box = await screen.findByRole("textbox", { name: "Message" });
    await userEvent.type(box, "My mother's health{Enter}");
    expect(await within(log()).findByText("My mother's health")).toBeInTheDocument();
    expect(box).toHaveValue("");

    inboxSocket.broadcast(
      JSON.stringify({
        type: "message",
        bookingId: "b-1",
        message: { ...seerMessage, id: "m3", text: "Thank you, noted.", sentAt: "2026-11-22T10:06:00Z" },
      }),
    );
    expect(await within(log()).findByText("Thank you, noted.")).toBeInTheDocument();
    expect(within(log()).getAllByTestId("thread-message")).toHaveLength(3);
  });

  it("reports the other side's message, never one's own (issue #43)", async () => {
    const reports: unknown[] = [];
    const mine: ChatMessage = {
      id: "m2",
      senderRole: "client",
      senderName: "Kofi Boateng",
      text: "Hello",
      sentAt: "2026-11-22T10:01:00Z",
    };
    show(thread({ messages: [seerMessage, mine] }), () => mine, {
      "messages.report": (input) => {
        reports.push(input);
        return { reported: true as const };
      },
    });
    renderApp("/messages/b-1");
    const items = await within(await screen.findByRole("log", { name: "Messages" })).findAllByTestId("thread-message");
    expect(within(items[1] as HTMLElement).queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
    await userEvent.click(within(items[0] as HTMLElement).getByRole("button", { name: "Report" }));
    await waitFor(() => expect(reports).toEqual([{ messageId: "m1", reason: "" }]));
    expect(await within(items[0] as HTMLElement).findByRole("button", { name: "Reported" })).toBeDisabled();
  });

  it("is read-only once closed", async () => {
    show(thread({ state: "closed" }), () => ({ error: { code: "CONFLICT", message: "closed" } }));
    renderApp("/messages/b-1");
    expect(
      await screen.findByText("This conversation is closed: messages can be sent until 14 days after the session."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });
});
