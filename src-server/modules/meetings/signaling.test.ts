import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createBooking, createSeer, createUser } from "../../../db/seed/factories";
import { meetingAttendance, users } from "../../../db/schema";
import { SIGNAL_MAX_BYTES, SOCKET_CLOSE, type ChatMessage, type ServerSignal } from "../../../src/domain/meetings";
import { FakeClock } from "../../platform/clock";
import { drainOnSignals } from "../../platform/operations";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { createMeetingService, MEETING_NOT_FOUND } from "./service";

// The room of a 10:00 session opens at 09:50 and closes at 10:45 (30 minutes + 15).
const NOW = new Date("2026-11-22T09:55:00Z");
let t: TestApp;
let second: TestApp;
let base: string;
let secondBase: string;
let clientCookie: string;
let seerCookie: string;
let strangerCookie: string;
let adminCookie: string;
let bookingId: string;
let pendingId: string;
let laterId: string;
let cancelledId: string;
let completedId: string;
let pastId: string;
let clientId: string;

beforeAll(async () => {
  const clock = new FakeClock(NOW);
  t = await createTestApp({ clock });
  // A second instance on the same database: its sockets reach the first one's only through PostgreSQL.
  second = await createTestApp({ clock, database: t.database });
  const seerUser = await createUser(
    t.database.db,
    { role: "seer", email: "seer-room@example.com" },
    { password: "seer password 1" },
  );
  const seer = await createSeer(t.database.db, { userId: seerUser.id, fullName: "Baba Kofi" });
  seerCookie = await signIn(t.app, "seer-room@example.com", "seer password 1");
  await createUser(t.database.db, { role: "admin", email: "admin-room@example.com" }, { password: "admin password 1" });
  adminCookie = await signIn(t.app, "admin-room@example.com", "admin password 1");
  const client = await signUp(t.app, { email: "client-room@example.com", firstName: "Esi", lastName: "Owusu" });
  clientCookie = client.cookie;
  strangerCookie = (await signUp(t.app, { email: "stranger-room@example.com" })).cookie;
  const [clientRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "client-room@example.com"));
  clientId = clientRow?.id ?? "";
  const common = {
    clientId,
    seerId: seer.id,
    scheduledDate: "2026-11-22",
    scheduledTime: "10:00",
    sessionType: "30min" as const,
  };
  bookingId = (await createBooking(t.database.db, { ...common, status: "confirmed" })).id;
  pendingId = (await createBooking(t.database.db, { ...common, scheduledTime: "11:00", status: "pending" })).id;
  laterId = (await createBooking(t.database.db, { ...common, scheduledTime: "15:00", status: "confirmed" })).id;
  // At 09:55 these would be inside their windows, but for their status; the last one's room closed at 09:15.
  cancelledId = (await createBooking(t.database.db, { ...common, scheduledTime: "09:45", status: "cancelled" })).id;
  completedId = (await createBooking(t.database.db, { ...common, scheduledTime: "09:30", status: "completed" })).id;
  pastId = (await createBooking(t.database.db, { ...common, scheduledTime: "08:30", status: "confirmed" })).id;
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  await second.app.listen({ port: 0, host: "127.0.0.1" });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  secondBase = `127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

interface Peer {
  ws: WebSocket;
  received: ServerSignal[];
  next<T extends ServerSignal["type"]>(type: T): Promise<Extract<ServerSignal, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

function connect(options: { cookie?: string; booking?: string; origin?: string; host?: string } = {}): Peer {
  const host = options.host ?? base;
  const ws = new WebSocket(`ws://${host}/api/meetings/${options.booking ?? bookingId}/socket`, {
    headers: { origin: options.origin ?? `http://${host}`, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  const received: ServerSignal[] = [];
  const waiters: { type: string; resolve: (s: ServerSignal) => void }[] = [];
  ws.on("message", (data: Buffer) => {
    const signal = JSON.parse(data.toString("utf8")) as ServerSignal;
    const index = waiters.findIndex((w) => w.type === signal.type);
    if (index >= 0) waiters.splice(index, 1)[0]?.resolve(signal);
    else received.push(signal);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString("utf8") }));
    ws.on("error", () => {});
  });
  return {
    ws,
    received,
    closed,
    next(type) {
      const index = received.findIndex((s) => s.type === type);
      if (index >= 0) return Promise.resolve(received.splice(index, 1)[0] as never);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within 5 s`)), 5000);
        waiters.push({
          type,
          resolve: (s) => {
            clearTimeout(timer);
            resolve(s as never);
          },
        });
      });
    },
    send(message) {
      const text = typeof message === "string" ? message : JSON.stringify(message);
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
      else ws.once("open", () => ws.send(text));
    },
  };
}

async function leave(...peers: Peer[]) {
  for (const p of peers) p.ws.close();
  await Promise.all(peers.map((p) => p.closed));
}

const offer = { type: "description", description: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" } };

describe("the room's signaling", () => {
  it("relays offer, answer, candidates and media between the client and the Seer, and stores the chat", async () => {
    const client = connect({ cookie: clientCookie });
    const welcome = await client.next("welcome");
    expect(welcome).toMatchObject({ role: "client", polite: true, peerName: "Baba Kofi", iceServers: [] });
    expect(welcome.closesAt).toBe("2026-11-22T10:45:00.000Z");
    const seer = connect({ cookie: seerCookie });
    expect(await seer.next("welcome")).toMatchObject({ role: "seer", polite: false, peerName: "Esi Owusu" });
    await Promise.all([client.next("peer-joined"), seer.next("peer-joined")]);

    client.send(offer);
    expect((await seer.next("description")).description).toEqual(offer.description);
    seer.send({ type: "description", description: { type: "answer", sdp: "v=0\r\n" } });
    expect((await client.next("description")).description.type).toBe("answer");
    const candidate = { candidate: "candidate:1 1 udp 2122260223 127.0.0.1 54321 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    client.send({ type: "candidate", candidate });
    expect((await seer.next("candidate")).candidate).toEqual(candidate);
    seer.send({ type: "media", media: { audio: false, video: true, screen: false } });
    expect((await client.next("media")).media.audio).toBe(false);
    // Why the video stopped (a weak link, Data saver: issue #44) reaches the other side as it was said.
    seer.send({ type: "media", media: { audio: true, video: true, screen: false, audioOnly: "weak" } });
    expect((await client.next("media")).media).toEqual({ audio: true, video: true, screen: false, audioOnly: "weak" });

    client.send({ type: "chat", text: "  <b>Hello</b> Baba  " });
    const [mine, theirs] = await Promise.all([client.next("chat"), seer.next("chat")]);
    expect(theirs.message).toEqual(mine.message);
    expect(theirs.message).toMatchObject({ senderRole: "client", senderName: "Esi Owusu", text: "<b>Hello</b> Baba" });
    await leave(client, seer);

    // Afterwards, on the booking: both parties read it; admins only once one of its messages was reported (decision
    // 173); anyone else is told it does not exist.
    for (const cookie of [clientCookie, seerCookie]) {
      const messages = trpcData<ChatMessage[]>(await trpcQuery(t.app, "meetings.messages", { bookingId }, cookie));
      expect(messages.map((m) => m.text)).toContain("<b>Hello</b> Baba");
    }
    const unreported = await trpcQuery(t.app, "meetings.messages", { bookingId }, adminCookie);
    const adminMissing = await trpcQuery(t.app, "meetings.messages", { bookingId: "00000000-0000-0000-0000-000000000000" }, adminCookie);
    expect(unreported.statusCode).toBe(404);
    expect(trpcError(unreported).message).toBe(trpcError(adminMissing).message);
    const reported = await trpcMutation(t.app, "messages.report", { messageId: mine.message.id, reason: "test" }, seerCookie);
    expect(reported.statusCode).toBe(200);
    const read = trpcData<ChatMessage[]>(await trpcQuery(t.app, "meetings.messages", { bookingId }, adminCookie));
    expect(read.map((m) => m.text)).toContain("<b>Hello</b> Baba");
    const refused = await trpcQuery(t.app, "meetings.messages", { bookingId }, strangerCookie);
    const missing = await trpcQuery(
      t.app,
      "meetings.messages",
      { bookingId: "00000000-0000-0000-0000-000000000000" },
      strangerCookie,
    );
    expect(refused.statusCode).toBe(404);
    expect(trpcError(refused).message).toBe(MEETING_NOT_FOUND);
    expect(trpcError(missing).message).toBe(trpcError(refused).message);
  });

  it("relays between two instances on one database", async () => {
    const client = connect({ cookie: clientCookie, host: base });
    const seer = connect({ cookie: seerCookie, host: secondBase });
    await Promise.all([client.next("welcome"), seer.next("welcome")]);
    await Promise.all([client.next("peer-joined"), seer.next("peer-joined")]);
    client.send(offer);
    expect((await seer.next("description")).description.sdp).toBe(offer.description.sdp);
    // An SDP larger than NOTIFY's 8,000 bytes travels too.
    const big = { type: "description", description: { type: "answer", sdp: `v=0\r\n${"a=x\r\n".repeat(3000)}` } };
    seer.send(big);
    expect((await client.next("description")).description.sdp).toBe(big.description.sdp);
    seer.ws.close();
    await client.next("peer-left");
    await leave(client);
  });

  it("recovers a reload: the other side hears the leave, then the new join; a second tab replaces the first", async () => {
    const seer = connect({ cookie: seerCookie });
    await seer.next("welcome");
    const first = connect({ cookie: clientCookie });
    await Promise.all([first.next("welcome"), seer.next("peer-joined")]);
    first.ws.close();
    await seer.next("peer-left");
    const again = connect({ cookie: clientCookie });
    await Promise.all([again.next("peer-joined"), seer.next("peer-joined")]);

    const tab = connect({ cookie: clientCookie });
    await tab.next("welcome");
    expect((await again.closed).code).toBe(SOCKET_CLOSE.replaced);
    await seer.next("peer-joined");
    // The replaced tab's close is not a leave: the Seer still has a peer.
    tab.send(offer);
    expect((await seer.next("description")).description.type).toBe("offer");
    expect(seer.received.some((s) => s.type === "peer-left")).toBe(false);
    await leave(tab, seer);
  });

  it("a socket that closes while its joining is being recorded leaves no ghost: its leaving is recorded, the other side is not told of it", async () => {
    const meetings = t.app.services.meetings;
    const original = meetings.joined;
    let entered = () => {};
    const inJoined = new Promise<void>((resolve) => (entered = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let attendanceId = "";
    meetings.joined = async (...args) => {
      entered();
      attendanceId = await original(...args);
      await released;
      return attendanceId;
    };
    try {
      const ghost = connect({ cookie: clientCookie });
      await inJoined;
      ghost.ws.close();
      await ghost.closed;
      // Time for the server to see the socket closed (its 'close' event) while the joining is still being recorded.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      release();
      meetings.joined = original;
    }
    await expect
      .poll(async () => {
        const [row] = await t.database.db.select().from(meetingAttendance).where(eq(meetingAttendance.id, attendanceId));
        return row?.leftAt ?? null;
      })
      .not.toBeNull();
    // The Seer arriving now finds nobody in the room.
    const seer = connect({ cookie: seerCookie });
    await seer.next("welcome");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seer.received.map((s) => s.type)).not.toContain("peer-joined");
    await leave(seer);
  });

  it("refuses a visitor, another user, a missing booking, a wrong Origin, and a room that is not open", async () => {
    expect((await connect({}).closed).code).toBe(SOCKET_CLOSE.notSignedIn);
    const stranger = await connect({ cookie: strangerCookie }).closed;
    const missing = await connect({ cookie: strangerCookie, booking: "00000000-0000-0000-0000-000000000000" }).closed;
    const malformedId = await connect({ cookie: clientCookie, booking: "not-an-id" }).closed;
    expect(stranger.code).toBe(SOCKET_CLOSE.notFound);
    expect(missing).toEqual(stranger);
    expect(malformedId).toEqual(stranger);
    // Admins read the room's page but never join the call.
    expect((await connect({ cookie: adminCookie }).closed).code).toBe(SOCKET_CLOSE.notFound);
    expect((await connect({ cookie: clientCookie, booking: pendingId }).closed).code).toBe(SOCKET_CLOSE.notOpen);
    expect((await connect({ cookie: clientCookie, booking: laterId }).closed).code).toBe(SOCKET_CLOSE.notOpen);

    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://${base}/api/meetings/${bookingId}/socket`, {
        headers: { origin: "https://evil.example", cookie: clientCookie },
      });
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => resolve(101));
      ws.on("error", () => {});
    });
    expect(status).toBe(403);
    const noOrigin = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://${base}/api/meetings/${bookingId}/socket`, { headers: { cookie: clientCookie } });
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => resolve(101));
      ws.on("error", () => {});
    });
    expect(noOrigin).toBe(403);
  });

  it("admits nobody to a cancelled or completed booking, nor after the window; strangers hear 'not-found' as ever", async () => {
    const meetings = t.app.services.meetings;
    const [seerRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "seer-room@example.com"));
    const [strangerRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "stranger-room@example.com"));
    const seerUserId = seerRow?.id ?? "";
    // The open room admits both parties (the same call, so the refusals below are about the booking).
    expect(await meetings.admit(clientId, bookingId)).toMatchObject({ role: "client", bookingId });
    expect(await meetings.admit(seerUserId, bookingId)).toMatchObject({ role: "seer", bookingId });
    for (const id of [cancelledId, completedId, pastId]) {
      expect(await meetings.admit(clientId, id), id).toBe("not-open");
      expect(await meetings.admit(seerUserId, id), id).toBe("not-open");
      expect(await meetings.admit(strangerRow?.id ?? "", id), id).toBe("not-found");
      expect((await connect({ cookie: clientCookie, booking: id }).closed).code).toBe(SOCKET_CLOSE.notOpen);
      expect((await connect({ cookie: strangerCookie, booking: id }).closed).code).toBe(SOCKET_CLOSE.notFound);
    }
  });

  it("closes the socket on a malformed or oversized message, and keeps serving", async () => {
    const cases: [unknown, number][] = [
      ["not json", SOCKET_CLOSE.invalidMessage],
      [{ type: "shout", text: "hi" }, SOCKET_CLOSE.invalidMessage],
      [{ type: "chat", text: "x".repeat(2001) }, SOCKET_CLOSE.invalidMessage],
      [{ type: "chat", text: "   " }, SOCKET_CLOSE.invalidMessage],
      [{ type: "description", description: { type: "offer", sdp: "v=0", extra: 1 } }, SOCKET_CLOSE.invalidMessage],
      [{ type: "candidate", candidate: { candidate: 42 } }, SOCKET_CLOSE.invalidMessage],
      ["x".repeat(SIGNAL_MAX_BYTES + 1), SOCKET_CLOSE.tooLarge],
    ];
    for (const [message, code] of cases) {
      const peer = connect({ cookie: clientCookie });
      await peer.next("welcome");
      peer.send(message);
      expect((await peer.closed).code, JSON.stringify(message).slice(0, 60)).toBe(code);
    }
    const fine = connect({ cookie: clientCookie });
    await fine.next("welcome");
    fine.send({ type: "ping" });
    await fine.next("pong");
    await leave(fine);
  });

  it("records who joined and left, and when; completion reads who joined", async () => {
    const rows = await t.database.db.select().from(meetingAttendance).where(eq(meetingAttendance.bookingId, bookingId));
    expect(rows.filter((r) => r.role === "client").length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.role === "seer").length).toBeGreaterThan(0);
    // Every socket has closed by now: each row has its leaving time, never before its joining.
    await expect
      .poll(async () => {
        const now = await t.database.db.select().from(meetingAttendance).where(eq(meetingAttendance.bookingId, bookingId));
        return now.every((r) => r.leftAt !== null && r.leftAt >= r.joinedAt);
      })
      .toBe(true);
    expect(await t.app.services.meetings.whoJoined(bookingId)).toEqual({ client: true, seer: true });
    expect(await t.app.services.meetings.whoJoined(laterId)).toEqual({ client: false, seer: false });
  });
});

describe("a drain", () => {
  it("tells every socket to connect again (1012) at the start of a drain's grace period, while the instance still serves", async () => {
    const peer = connect({ cookie: clientCookie, host: secondBase });
    await peer.next("welcome");
    let endGrace: () => void = () => {};
    const grace = new Promise<void>((resolve) => (endGrace = resolve));
    const exits: number[] = [];
    const drained = drainOnSignals(second.app, {
      graceMs: 60_000,
      timeoutMs: 10_000,
      wait: () => grace,
      after: async () => {},
      exit: (code) => void exits.push(code),
    })("SIGTERM");
    expect((await peer.closed).code).toBe(SOCKET_CLOSE.restart);
    // Still within the grace: the instance is listening and has not exited.
    expect(second.app.server.listening).toBe(true);
    expect(exits).toEqual([]);
    endGrace();
    await drained;
    expect(exits).toEqual([0]);
  });
});

describe("the room's page", () => {
  it("tells each party the other's name and when the room opens; admins see both names", async () => {
    const forClient = trpcData<{ peerName: string; roomState: string; viewer: string; opensAt: Date }>(
      await trpcQuery(t.app, "meetings.room", { bookingId: laterId }, clientCookie),
    );
    expect(forClient).toMatchObject({ peerName: "Baba Kofi", roomState: "early", viewer: "client" });
    expect(forClient.opensAt.toISOString()).toBe("2026-11-22T14:50:00.000Z");
    const forSeer = trpcData<{ peerName: string; viewer: string }>(
      await trpcQuery(t.app, "meetings.room", { bookingId }, seerCookie),
    );
    expect(forSeer).toMatchObject({ peerName: "Esi Owusu", viewer: "seer" });
    const forAdmin = trpcData<{ peerName: string; viewer: string }>(
      await trpcQuery(t.app, "meetings.room", { bookingId }, adminCookie),
    );
    expect(forAdmin).toMatchObject({ viewer: "admin", peerName: "Esi Owusu and Baba Kofi" });
    const stranger = await trpcQuery(t.app, "meetings.room", { bookingId }, strangerCookie);
    const visitor = await trpcQuery(t.app, "meetings.room", { bookingId });
    expect(trpcError(stranger).message).toBe(MEETING_NOT_FOUND);
    expect(visitor.statusCode).toBe(401);
  });
});

describe("ICE servers", () => {
  it("mints TURN credentials per join with the shared secret and an expiry, never a fixed password", () => {
    const clock = new FakeClock(NOW);
    const service = createMeetingService({
      db: t.database.db,
      clock,
      conversations: t.app.services.meetings.conversations,
      ice: {
        stunUrls: ["stun:turn.example:3478"],
        turnUrls: ["turn:turn.example:3478"],
        turnSecret: "a-shared-secret-1234",
        turnTtlSeconds: 3600,
      },
    });
    const [stun, turn] = service.iceServers("user-1");
    expect(stun).toEqual({ urls: ["stun:turn.example:3478"] });
    const expiry = Math.floor(NOW.getTime() / 1000) + 3600;
    expect(turn?.username).toBe(`${expiry}:user-1`);
    expect(turn?.credential).toBe(createHmac("sha1", "a-shared-secret-1234").update(`${expiry}:user-1`).digest("base64"));
    clock.advance(1000);
    expect(service.iceServers("user-1")[1]?.credential).not.toBe(turn?.credential);
    expect(
      createMeetingService({ db: t.database.db, clock, conversations: t.app.services.meetings.conversations }).iceServers(
        "user-1",
      ),
    ).toEqual([]);
  });
});
