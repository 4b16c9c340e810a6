import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import websocket from "@fastify/websocket";
import type { WebSocket } from "ws";
import { bookingIdSchema } from "../../../src/schemas/bookings";
import { clientSignal, SIGNAL_MAX_BYTES, SOCKET_CLOSE, type MeetingRole, type ServerSignal } from "../../../src/domain/meetings";
import type { Clock } from "../../platform/clock";
import type { Relay } from "../../platform/relay";
import type { SessionUser } from "../../platform/trpc/context";
import type { MeetingService, RoomAccess } from "./service";
import { registerInboxSocket } from "./inbox-socket";
import { sameOriginOnly } from "./same-origin";

/** The room's signaling socket (docs/product.md#meeting-room). */
export const MEETING_SOCKET_PATH = "/api/meetings/:bookingId/socket";
const CHANNEL = "meeting_signal";
/** At most this many messages per socket in RATE_WINDOW_MS (candidates come in bursts of a few dozen). */
const RATE_LIMIT = 200;
const RATE_WINDOW_MS = 10_000;
const HEARTBEAT_MS = 25_000;

/** What travels between instances: each instance delivers it to the sockets it holds. */
type Envelope =
  | { kind: "join"; bookingId: string; role: MeetingRole; conn: string }
  | { kind: "present"; bookingId: string; toConn: string }
  | { kind: "leave"; bookingId: string; role: MeetingRole; conn: string }
  | { kind: "signal"; bookingId: string; to: MeetingRole | "both"; signal: ServerSignal };

interface Connection {
  id: string;
  socket: WebSocket;
  userId: string;
  access: RoomAccess;
  attendanceId: string;
  /** Replaced by the same user's newer connection: its close tells the other party nothing. */
  replaced: boolean;
  /** This connection's relayed messages, one after the other, so they arrive in the order sent. */
  queue: Promise<void>;
}

const other = (role: MeetingRole): MeetingRole => (role === "client" ? "seer" : "client");

export interface MeetingSocketDeps {
  meetings: MeetingService;
  relay: Relay;
  clock: Clock;
  /** The signed-in user of a request (the session cookie), or null. */
  userOf(req: FastifyRequest): Promise<SessionUser | null>;
  /** Origins allowed to open the socket, besides the request's own host. */
  publicUrl: string;
}

const send = (conn: Connection, signal: ServerSignal) => {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(signal));
};

/** Delivers a relayed envelope to the sockets of its room that this instance holds. */
function deliver(
  rooms: Map<string, Set<Connection>>,
  envelope: Envelope,
  publish: (conn: Connection, envelope: Envelope) => Promise<void>,
): void {
  const here = [...(rooms.get(envelope.bookingId) ?? [])];
  switch (envelope.kind) {
    case "join":
      for (const conn of here) {
        if (conn.id === envelope.conn) continue;
        if (conn.access.role === envelope.role) {
          // The same person opened the room again (a reload, another tab): the newest connection wins.
          conn.replaced = true;
          conn.socket.close(SOCKET_CLOSE.replaced, "Joined from another window");
        } else {
          send(conn, { type: "peer-joined" });
          publish(conn, { kind: "present", bookingId: envelope.bookingId, toConn: envelope.conn });
        }
      }
      return;
    case "present":
      for (const conn of here) if (conn.id === envelope.toConn) send(conn, { type: "peer-joined" });
      return;
    case "leave":
      for (const conn of here) if (conn.access.role !== envelope.role) send(conn, { type: "peer-left" });
      return;
    case "signal":
      for (const conn of here) if (envelope.to === "both" || conn.access.role === envelope.to) send(conn, envelope.signal);
      return;
  }
}

/** One socket's messages: at most RATE_LIMIT in RATE_WINDOW_MS, each checked, then answered or relayed. */
function messageHandler(
  conn: Connection,
  meetings: Pick<MeetingService, "saveChat">,
  publish: (conn: Connection, envelope: Envelope) => Promise<void>,
): (text: string) => Promise<void> {
  const { socket, access, userId } = conn;
  let windowStart = Date.now();
  let count = 0;

  return async function handle(text: string): Promise<void> {
    const now = Date.now();
    if (now - windowStart > RATE_WINDOW_MS) {
      windowStart = now;
      count = 0;
    }
    if (++count > RATE_LIMIT) return socket.close(SOCKET_CLOSE.invalidMessage, "Too many messages");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return socket.close(SOCKET_CLOSE.invalidMessage, "Not JSON");
    }
    const message = clientSignal.safeParse(json);
    if (!message.success) return socket.close(SOCKET_CLOSE.invalidMessage, "Invalid message");
    const m = message.data;
    const to = other(access.role);
    switch (m.type) {
      case "ping":
        return send(conn, { type: "pong" });
      case "leave":
        return socket.close(SOCKET_CLOSE.normal, "Left the room");
      case "chat":
        // Stored as a message of the booking's conversation, which relays it to the room and both inboxes.
        await meetings.saveChat(access, userId, m.text);
        return;
      case "description":
        return publish(conn, {
          kind: "signal",
          bookingId: access.bookingId,
          to,
          signal: { type: "description", description: m.description },
        });
      case "candidate":
        return publish(conn, {
          kind: "signal",
          bookingId: access.bookingId,
          to,
          signal: { type: "candidate", candidate: m.candidate },
        });
      case "media":
        return publish(conn, { kind: "signal", bookingId: access.bookingId, to, signal: { type: "media", media: m.media } });
    }
  };
}

/** Registers the socket route and the relay subscription; closes every socket (code 1012) when the app closes. */
export async function registerMeetingSocket(app: FastifyInstance, deps: MeetingSocketDeps): Promise<void> {
  const rooms = new Map<string, Set<Connection>>();
  const publicHost = new URL(deps.publicUrl).host;

  await deps.relay.subscribe(CHANNEL, (text) => {
    try {
      deliver(rooms, JSON.parse(text) as Envelope, publish);
    } catch (err) {
      app.log.warn({ err }, "meetings: a relayed message could not be delivered");
    }
  });

  function publish(conn: Connection, envelope: Envelope): Promise<void> {
    conn.queue = conn.queue
      .then(() => deps.relay.publish(CHANNEL, JSON.stringify(envelope)))
      .catch((err: unknown) => app.log.warn({ err, bookingId: envelope.bookingId }, "meetings: relay failed"));
    return conn.queue;
  }

  // The instance is going away (a deploy, a drain): every client is told to connect again, through the balancer, to
  // another instance. At the start of a drain's grace period, and again on close for any socket that came since.
  const restartAll = () => {
    for (const client of app.websocketServer.clients) client.close(SOCKET_CLOSE.restart, "Server restarting");
  };
  await app.register(websocket, {
    options: { maxPayload: SIGNAL_MAX_BYTES },
    preClose(done) {
      restartAll();
      done();
    },
  });
  app.onDrain(restartAll);

  // A message of the booking's conversation (written here or on /messages) reaches the room's sockets on every instance.
  const roomQueue = { queue: Promise.resolve() };
  deps.meetings.conversations.onMessage(async ({ bookingId, message }) => {
    const envelope: Envelope = { kind: "signal", bookingId, to: "both", signal: { type: "chat", message } };
    roomQueue.queue = roomQueue.queue
      .then(() => deps.relay.publish(CHANNEL, JSON.stringify(envelope)))
      .catch((err: unknown) => app.log.warn({ err, bookingId }, "meetings: relay failed"));
    await roomQueue.queue;
  });
  await registerInboxSocket(app, { ...deps, publicHost });

  app.get(
    MEETING_SOCKET_PATH,
    {
      websocket: true,
      preValidation: sameOriginOnly(publicHost),
    },
    async (socket, req) => {
      // Messages that arrive while the user and booking are checked wait for the answer.
      const early: string[] = [];
      const onEarly = (data: Buffer) => early.push(data.toString("utf8"));
      socket.on("message", onEarly);

      const parsed = bookingIdSchema.safeParse(req.params);
      const user = await deps.userOf(req);
      if (!user) return socket.close(SOCKET_CLOSE.notSignedIn, "Sign in to join");
      const admitted = parsed.success ? await deps.meetings.admit(user.id, parsed.data.bookingId) : "not-found";
      if (admitted === "not-found") return socket.close(SOCKET_CLOSE.notFound, "Meeting Not Found");
      if (admitted === "not-open") return socket.close(SOCKET_CLOSE.notOpen, "The room is not open now");
      const access: RoomAccess = admitted;
      if (socket.readyState !== socket.OPEN) return;

      const attendanceId = await deps.meetings.joined(access, user.id);
      // The socket may have closed while the joining was recorded: then its 'close' has already passed, so nothing
      // below (the room, the heartbeat) would ever be undone; the leaving is recorded at once instead. From here on
      // everything is registered synchronously, before any later 'close' can be emitted.
      if (socket.readyState !== socket.OPEN) {
        await deps.meetings
          .left(attendanceId)
          .catch((err: unknown) => req.log.warn({ err }, "meetings: leaving was not recorded"));
        return;
      }

      const conn: Connection = {
        id: randomUUID(),
        socket,
        userId: user.id,
        access,
        attendanceId,
        replaced: false,
        queue: Promise.resolve(),
      };
      const room = rooms.get(access.bookingId) ?? new Set<Connection>();
      rooms.set(access.bookingId, room);
      room.add(conn);

      let alive = true;
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on("pong", () => (alive = true));
      // The room closes for everyone at its time.
      const ending = setTimeout(
        () => socket.close(SOCKET_CLOSE.normal, "The session has ended"),
        Math.max(0, access.closesAt.getTime() - deps.clock.now().getTime()),
      );
      const handle = messageHandler(conn, deps.meetings, publish);

      // One message at a time, in order: a chat is stored before the next candidate is relayed.
      let handling = Promise.resolve();
      const onMessage = (text: string) => {
        handling = handling
          .then(() => handle(text))
          .catch((err: unknown) => {
            req.log.error({ err }, "meetings: a message failed");
            socket.close(1011, "Internal error");
          });
      };
      socket.on("close", () => {
        clearInterval(heartbeat);
        clearTimeout(ending);
        room.delete(conn);
        if (!room.size) rooms.delete(access.bookingId);
        void deps.meetings
          .left(conn.attendanceId)
          .catch((err: unknown) => req.log.warn({ err }, "meetings: leaving was not recorded"));
        if (!conn.replaced) void publish(conn, { kind: "leave", bookingId: access.bookingId, role: access.role, conn: conn.id });
      });

      send(conn, {
        type: "welcome",
        role: access.role,
        // Perfect negotiation: the client yields when both sides offer at once, the Seer does not.
        polite: access.role === "client",
        peerName: access.peerName,
        iceServers: deps.meetings.iceServers(user.id),
        closesAt: access.closesAt.toISOString(),
      });
      // The join goes first; then what the browser already sent, then the rest, all in order.
      void publish(conn, { kind: "join", bookingId: access.bookingId, role: access.role, conn: conn.id });
      socket.off("message", onEarly);
      for (const text of early.splice(0)) onMessage(text);
      socket.on("message", (data: Buffer, isBinary: boolean) => {
        if (isBinary) return socket.close(SOCKET_CLOSE.invalidMessage, "Text messages only");
        onMessage(data.toString("utf8"));
      });
    },
  );
}
