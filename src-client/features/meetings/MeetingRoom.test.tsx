import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import type { RouterOutputs } from "../../trpc";
import { roomData } from "./testData";

type Room = RouterOutputs["meetings"]["room"];

const client = signedInClient;
const room = (overrides: Partial<Room> = {}): Room => roomData({ notes: "Questions about my family", ...overrides });
const chat = [
  {
    id: "m1",
    senderRole: "seer" as const,
    senderName: "Ama Serwaa Owusu",
    text: "<b>Welcome</b>",
    sentAt: "2026-11-23T10:01:00Z",
  },
  { id: "m2", senderRole: "client" as const, senderName: "Kofi Boateng", text: "Thank you", sentAt: "2026-11-23T10:02:00Z" },
];

const show = (r: Room) =>
  server.use(
    ...trpcHandlers({
      "account.me": () => client,
      "cart.list": () => [],
      "meetings.room": () => r,
      "meetings.messages": () => chat,
    }),
  );

describe("/meeting/{bookingId}", () => {
  it("shows the booking's date, time, duration, the other party, notes and guidelines, and the device check", async () => {
    show(room());
    renderApp("/meeting/b-1");
    expect(await screen.findByText("Monday, November 23, 2026")).toBeInTheDocument();
    expect(screen.getByText("10:00 (Africa/Accra)")).toBeInTheDocument();
    expect(screen.getByText("60 minutes")).toBeInTheDocument();
    expect(screen.getByText("Your session with Ama Serwaa Owusu")).toBeInTheDocument();
    expect(screen.queryByText("Video Meeting Coming Soon")).not.toBeInTheDocument();
    expect(screen.getByText("Questions about my family")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Guidelines" })).toBeInTheDocument();
    // No camera or microphone here (jsdom): the reason is said, and joining to listen still works.
    expect(await screen.findByRole("alert")).toHaveTextContent("You will join listening only.");
    expect(screen.getByRole("button", { name: "Join" })).toBeEnabled();
  });

  it("a Seer sees the client's name, never their own", async () => {
    show(room({ viewer: "seer", peerName: "Kofi Boateng" }));
    renderApp("/meeting/b-1");
    expect(await screen.findByText("Your session with Kofi Boateng")).toBeInTheDocument();
  });

  it("says when the room opens while it is too early, and does not let anyone join yet", async () => {
    show(room({ roomState: "early", startsAt: new Date(Date.now() + 3_600_000), opensAt: new Date(Date.now() + 3_000_000) }));
    renderApp("/meeting/b-1");
    expect(await screen.findByText(/^The room opens at /)).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Join" })).toBeDisabled();
  });

  it("after the session, shows the chat as plain text and no call", async () => {
    show(room({ status: "completed", roomState: "not-confirmed" }));
    renderApp("/meeting/b-1");
    const log = await screen.findByRole("log", { name: "Chat messages" });
    expect(await within(log).findByText("<b>Welcome</b>")).toBeInTheDocument();
    expect(within(log).getByText("Thank you")).toBeInTheDocument();
    expect(log.querySelector("b")).toBeNull();
    expect(screen.queryByRole("button", { name: "Join" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });

  it("an admin reads the page and the chat but is not offered the call", async () => {
    show(room({ viewer: "admin", peerName: "Kofi Boateng and Ama Serwaa Owusu" }));
    renderApp("/meeting/b-1");
    expect(await screen.findByText("Only the client and the Seer join the call")).toBeInTheDocument();
    expect(await screen.findByText("Thank you")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join" })).not.toBeInTheDocument();
  });

  it("shows 'Booking Pending' for a booking not yet confirmed", async () => {
    show(room({ status: "pending", roomState: "not-confirmed" }));
    renderApp("/meeting/b-1");
    expect(await screen.findByRole("heading", { name: "Booking Pending" })).toBeInTheDocument();
    expect(screen.getByText("This consultation is not yet confirmed. Please complete payment first.")).toBeInTheDocument();
  });

  it("shows 'Meeting Not Found' for a missing or inaccessible booking, and to signed-out visitors", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => client,
        "cart.list": () => [],
        "meetings.room": () => ({
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
