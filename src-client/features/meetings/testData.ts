import type { RouterOutputs } from "../../trpc";

type Room = RouterOutputs["meetings"]["room"];

/** An open room of a confirmed 60-minute session, seen by its client; any field replaced by `overrides`. */
export const roomData = (overrides: Partial<Room> = {}): Room => ({
  bookingId: "b-1",
  status: "confirmed",
  roomState: "open",
  viewer: "client",
  peerName: "Ama Serwaa Owusu",
  seerName: "Ama Serwaa Owusu",
  clientName: "Kofi Boateng",
  sessionType: "60min",
  scheduledDate: "2026-11-23",
  scheduledTime: "10:00",
  clientTimezone: "Africa/Accra",
  startsAt: new Date("2026-11-23T10:00:00Z"),
  endsAt: new Date("2026-11-23T11:00:00Z"),
  opensAt: new Date("2026-11-23T09:50:00Z"),
  closesAt: new Date("2026-11-23T11:15:00Z"),
  notes: null,
  ...overrides,
});
