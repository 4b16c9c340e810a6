import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "./enums";
import { callQuality, clientSignal, formatElapsed, meetingRole, roomState, roomWindow } from "./meetings";

const startsAt = new Date("2026-11-22T10:00:00Z");
const endsAt = new Date("2026-11-22T10:30:00Z");
const at = (iso: string) => new Date(`2026-11-22T${iso}Z`);

describe("the room's window", () => {
  it("opens 10 minutes before the start and closes 15 minutes after the end", () => {
    expect(roomWindow(startsAt, endsAt)).toEqual({ opensAt: at("09:50:00"), closesAt: at("10:45:00") });
  });

  it.each([
    ["09:49:59", "early"],
    ["09:50:00", "open"],
    ["10:15:00", "open"],
    ["10:44:59", "open"],
    ["10:45:00", "closed"],
  ] as const)("a confirmed booking at %s is %s", (time, state) => {
    expect(roomState({ status: "confirmed", startsAt, endsAt }, at(time))).toBe(state);
  });

  it("opens for confirmed bookings only", () => {
    for (const status of BOOKING_STATUSES) {
      const state = roomState({ status, startsAt, endsAt }, at("10:00:00"));
      expect(state, status).toBe(status === "confirmed" ? "open" : "not-confirmed");
    }
  });
});

describe("who is who", () => {
  const booking = { clientId: "c", seerUserId: "s" };
  it("knows the client and the Seer, and nobody else (admins included)", () => {
    expect(meetingRole(booking, "c")).toBe("client");
    expect(meetingRole(booking, "s")).toBe("seer");
    expect(meetingRole(booking, "admin")).toBeNull();
    expect(meetingRole(booking, "")).toBeNull();
  });
});

describe("messages on the room's socket", () => {
  it("accepts the signaling messages", () => {
    for (const message of [
      { type: "description", description: { type: "offer", sdp: "v=0" } },
      { type: "description", description: { type: "answer", sdp: "v=0" } },
      { type: "candidate", candidate: { candidate: "candidate:1", sdpMid: "0", sdpMLineIndex: 0 } },
      { type: "candidate", candidate: null },
      { type: "chat", text: "Hello" },
      { type: "media", media: { audio: true, video: false, screen: false } },
      { type: "media", media: { audio: true, video: true, screen: false, audioOnly: "weak" } },
      { type: "media", media: { audio: true, video: true, screen: false, audioOnly: "saver" } },
      { type: "leave" },
      { type: "ping" },
    ]) {
      expect(clientSignal.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it("refuses anything else", () => {
    for (const message of [
      null,
      "offer",
      { type: "description", description: { type: "pranswer", sdp: "v=0" } },
      { type: "description", description: { type: "offer", sdp: "v=0" }, to: "someone" },
      { type: "candidate", candidate: { candidate: "c", sdpMLineIndex: -1 } },
      { type: "chat", text: "" },
      { type: "chat", text: "x".repeat(2001) },
      { type: "chat", text: 5 },
      { type: "media", media: { audio: "yes", video: true, screen: false } },
      { type: "media", media: { audio: true, video: true, screen: false, audioOnly: "because" } },
      { type: "join", bookingId: "other" },
    ]) {
      expect(clientSignal.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });

  it("keeps chat as plain text, trimmed, up to 2,000 characters", () => {
    const parsed = clientSignal.parse({ type: "chat", text: `  <script>x</script>${"é".repeat(1980)}  ` });
    expect(parsed.type === "chat" && parsed.text.startsWith("<script>")).toBe(true);
  });
});

describe("the call's quality and timer", () => {
  it.each([
    [null, null, "unknown"],
    [40, 0, "good"],
    [200, 0, "fair"],
    [40, 0.02, "fair"],
    [500, 0, "poor"],
    [40, 0.1, "poor"],
  ] as const)("rtt %s ms and loss %s is %s", (rtt, loss, quality) => {
    expect(callQuality(rtt, loss)).toBe(quality);
  });

  it("shows elapsed time as m:ss or h:mm:ss", () => {
    expect(formatElapsed(-5)).toBe("0:00");
    expect(formatElapsed(65_000)).toBe("1:05");
    expect(formatElapsed(30 * 60_000)).toBe("30:00");
    expect(formatElapsed(3_725_000)).toBe("1:02:05");
  });
});
