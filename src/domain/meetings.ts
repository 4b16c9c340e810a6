/**
 * The meeting room (docs/product.md#meeting-room): who may enter, when it is open, and the messages its signaling
 * socket carries. Pure rules shared by the server (which decides) and the client (which shows the same times).
 */
import { z } from "zod";
import { ROOM_CLOSES_MINUTES_AFTER_END } from "./after-payment";
import type { BookingStatus } from "./enums";

/** The room opens this long before the start and closes ROOM_CLOSES_MINUTES_AFTER_END after the end. */
export const ROOM_OPENS_MINUTES_BEFORE_START = 10;
export const CHAT_MESSAGE_MAX = 2000;
/** No signaling message may be larger (an offer's SDP is a few kilobytes). */
export const SIGNAL_MAX_BYTES = 64 * 1024;

export type MeetingRole = "client" | "seer";

export function roomWindow(startsAt: Date, endsAt: Date): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(startsAt.getTime() - ROOM_OPENS_MINUTES_BEFORE_START * 60_000),
    closesAt: new Date(endsAt.getTime() + ROOM_CLOSES_MINUTES_AFTER_END * 60_000),
  };
}

/**
 * Whether a party can be in the call now: only a confirmed booking's client or Seer, inside the window.
 * 'not-confirmed' covers every other status (pending, cancelled, completed, ...).
 */
export type RoomState = "open" | "early" | "closed" | "not-confirmed";

export function roomState(booking: { status: BookingStatus; startsAt: Date; endsAt: Date }, now: Date): RoomState {
  if (booking.status !== "confirmed") return "not-confirmed";
  const { opensAt, closesAt } = roomWindow(booking.startsAt, booking.endsAt);
  if (now.getTime() < opensAt.getTime()) return "early";
  if (now.getTime() >= closesAt.getTime()) return "closed";
  return "open";
}

/** The booking's party a user is, or null (admins read the room's page but never join the call). */
export function meetingRole(booking: { clientId: string; seerUserId: string }, userId: string): MeetingRole | null {
  if (booking.seerUserId === userId) return "seer";
  if (booking.clientId === userId) return "client";
  return null;
}

/** Plain text: trimmed, not empty, at most 2,000 characters; never interpreted as HTML anywhere. */
export const chatText = z
  .string()
  .trim()
  .min(1, "A message cannot be empty.")
  .max(CHAT_MESSAGE_MAX, `A message can be at most ${CHAT_MESSAGE_MAX} characters.`);

const sdp = z.string().max(SIGNAL_MAX_BYTES);
const description = z.object({ type: z.enum(["offer", "answer"]), sdp }).strict();
const candidate = z
  .object({
    candidate: z.string().max(2048),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .strict();
/**
 * What a side sends; `audioOnly` says why its video is not sent at all: its weak link (`weak`, issue #44) or its
 * Data saver (`saver`), for the other side's notice.
 */
const media = z
  .object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean(), audioOnly: z.enum(["weak", "saver"]).optional() })
  .strict();

/** What a browser may send on the room's socket; anything else closes it with SOCKET_CLOSE.invalidMessage. */
export const clientSignal = z.discriminatedUnion("type", [
  z.object({ type: z.literal("description"), description }).strict(),
  z.object({ type: z.literal("candidate"), candidate: candidate.nullable() }).strict(),
  z.object({ type: z.literal("chat"), text: chatText }).strict(),
  z.object({ type: z.literal("media"), media }).strict(),
  z.object({ type: z.literal("leave") }).strict(),
  z.object({ type: z.literal("ping") }).strict(),
]);
export type ClientSignal = z.infer<typeof clientSignal>;
export type MediaState = z.infer<typeof media>;

export interface ChatMessage {
  id: string;
  senderRole: MeetingRole;
  senderName: string;
  /** May be empty when the message is an image. */
  text: string;
  /** An image sent in the booking's conversation (`/api/uploads/<id>`), readable by both parties and admins. */
  imageUrl?: string;
  sentAt: string;
}

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** What the server sends on the room's socket. */
export type ServerSignal =
  | { type: "welcome"; role: MeetingRole; polite: boolean; peerName: string; iceServers: IceServer[]; closesAt: string }
  | { type: "peer-joined" }
  | { type: "peer-left" }
  | { type: "description"; description: z.infer<typeof description> }
  | { type: "candidate"; candidate: z.infer<typeof candidate> | null }
  | { type: "chat"; message: ChatMessage }
  | { type: "media"; media: MediaState }
  | { type: "pong" };

/** Close codes of the room's socket (4000-4999 are the application's). */
export const SOCKET_CLOSE = {
  /** The session is over or the user left. */
  normal: 1000,
  /** The server is shutting down: connect again (to another instance). */
  restart: 1012,
  invalidMessage: 4400,
  notSignedIn: 4401,
  /** A missing booking, or one that is not the user's: the same answer. */
  notFound: 4404,
  /** The booking is not confirmed, or the room is not open now. */
  notOpen: 4409,
  /** The same user joined the room from another tab or device. */
  replaced: 4410,
  /** WebSocket's own "message too big", sent by the server's socket library before any parsing. */
  tooLarge: 1009,
} as const;

/** Codes after which a browser should not try to connect again on its own. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  SOCKET_CLOSE.notSignedIn,
  SOCKET_CLOSE.notFound,
  SOCKET_CLOSE.notOpen,
  SOCKET_CLOSE.replaced,
  SOCKET_CLOSE.normal,
]);

/** A call's quality from getStats figures: round-trip time in ms and the share of packets lost. */
export type CallQuality = "good" | "fair" | "poor" | "unknown";

export function callQuality(roundTripMs: number | null, lossRatio: number | null): CallQuality {
  if (roundTripMs === null && lossRatio === null) return "unknown";
  const rtt = roundTripMs ?? 0;
  const loss = lossRatio ?? 0;
  if (rtt > 400 || loss > 0.05) return "poor";
  if (rtt > 150 || loss > 0.01) return "fair";
  return "good";
}

/** mm:ss (or h:mm:ss) of a duration in milliseconds, never negative. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}
