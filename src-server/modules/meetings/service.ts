import type { Db } from "../../../db/client";
import { AppError } from "../../../src/errors";
import {
  meetingRole,
  roomState,
  roomWindow,
  type ChatMessage,
  type MeetingRole,
  type RoomState,
} from "../../../src/domain/meetings";
import type { BookingStatus, SessionType } from "../../../src/domain/enums";
import type { Clock } from "../../platform/clock";
import type { IceConfig } from "../../platform/config";
import type { SessionUser } from "../../platform/trpc/context";
import { MEETING_NOT_FOUND_MESSAGE, roomBooking } from "../bookings";
import { createAttendance } from "./attendance";
import type { Conversations } from "./conversation";
import { displayName } from "./conversation-reads";
import { iceServers } from "./ice";

/** What a missing room, or someone else's, is told: the bookings module's own answer for a booking not theirs. */
export const MEETING_NOT_FOUND = MEETING_NOT_FOUND_MESSAGE;

/** The room's page: the booking as its client, its Seer or an admin sees it, and whether the call is open now. */
export interface RoomView {
  bookingId: string;
  status: BookingStatus;
  roomState: RoomState;
  /** 'admin' reads the page but never joins the call. */
  viewer: MeetingRole | "admin";
  /** The other party's name (an admin sees both names instead). */
  peerName: string;
  seerName: string;
  clientName: string;
  sessionType: SessionType;
  scheduledDate: string;
  scheduledTime: string;
  clientTimezone: string;
  startsAt: Date;
  endsAt: Date;
  opensAt: Date;
  closesAt: Date;
  notes: string | null;
}

/** What the signaling socket needs to admit a user. */
export interface RoomAccess {
  bookingId: string;
  role: MeetingRole;
  userName: string;
  peerName: string;
  /** The other party's user id: the room's chat is the booking's conversation, and reaches their inbox. */
  peerId: string;
  closesAt: Date;
}

export function createMeetingService({
  db,
  clock,
  ice,
  conversations,
}: {
  db: Db;
  clock: Clock;
  ice?: IceConfig;
  conversations: Conversations;
}) {
  const load = (bookingId: string) => roomBooking(db, bookingId);

  /** The booking's client and Seer see it, admins too; anyone else is told what a missing id is told. */
  async function room(user: SessionUser, bookingId: string): Promise<RoomView> {
    const row = await load(bookingId);
    const role = row ? meetingRole(row, user.id) : null;
    if (!row || (!role && user.role !== "admin")) throw new AppError("NOT_FOUND", MEETING_NOT_FOUND);
    const clientName = displayName(row.clientFirst, row.clientLast, "Client");
    const { opensAt, closesAt } = roomWindow(row.startsAt, row.endsAt);
    return {
      bookingId: row.id,
      status: row.status,
      roomState: roomState(row, clock.now()),
      viewer: role ?? "admin",
      peerName: role === "seer" ? clientName : role === "client" ? row.seerName : `${clientName} and ${row.seerName}`,
      seerName: row.seerName,
      clientName,
      sessionType: row.sessionType,
      scheduledDate: row.scheduledDate,
      scheduledTime: row.scheduledTime,
      clientTimezone: row.clientTimezone,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      opensAt,
      closesAt,
      notes: row.notes,
    };
  }

  /**
   * Admits a party to the call: only the booking's client or Seer, only while the room is open. A missing booking
   * and another user's answer alike ('not-found'); the booking's own parties learn that it is not open now.
   */
  async function admit(userId: string, bookingId: string): Promise<RoomAccess | "not-found" | "not-open"> {
    const row = await load(bookingId);
    const role = row ? meetingRole(row, userId) : null;
    if (!row || !role) return "not-found";
    if (roomState(row, clock.now()) !== "open") return "not-open";
    const clientName = displayName(row.clientFirst, row.clientLast, "Client");
    return {
      bookingId: row.id,
      role,
      userName: role === "seer" ? row.seerName : clientName,
      peerName: role === "seer" ? clientName : row.seerName,
      peerId: role === "seer" ? row.clientId : row.seerUserId,
      closesAt: roomWindow(row.startsAt, row.endsAt).closesAt,
    };
  }

  /** The booking's conversation, as the room shows it (the room's own refusal for anyone else). */
  /**
   * The room's chat, read after the session: the booking's conversation. An admin whom the conversation does not
   * admit (none of its messages reported) is answered as for a missing room, one text for both.
   */
  async function messages(user: SessionUser, bookingId: string): Promise<ChatMessage[]> {
    await room(user, bookingId);
    try {
      return (await conversations.thread(user, bookingId)).messages;
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") throw new AppError("NOT_FOUND", MEETING_NOT_FOUND);
      throw error;
    }
  }

  /** A message written in the room is a message of the booking's conversation, stored and relayed as one. */
  function saveChat(access: RoomAccess, userId: string, text: string): Promise<ChatMessage> {
    return conversations.store({
      bookingId: access.bookingId,
      senderId: userId,
      role: access.role,
      senderName: access.userName,
      text,
      peerId: access.peerId,
    });
  }

  const { joined, left, attendance, whoJoined } = createAttendance({ db, clock });
  return {
    room,
    admit,
    conversations,
    messages,
    saveChat,
    joined,
    left,
    attendance,
    whoJoined,
    iceServers: (userId: string) => iceServers({ clock, ice }, userId),
  };
}

export type MeetingService = ReturnType<typeof createMeetingService>;
