import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { INBOX_SOCKET_PATH, type InboxSignal } from "../../../src/domain/conversations";
import { SOCKET_CLOSE } from "../../../src/domain/meetings";
import type { Relay } from "../../platform/relay";
import type { SessionUser } from "../../platform/trpc/context";
import type { ConversationEvent } from "./conversation";
import type { MeetingService } from "./service";
import { sameOriginOnly } from "./same-origin";

const CHANNEL = "conversation_message";
const HEARTBEAT_MS = 25_000;

export interface InboxSocketDeps {
  meetings: MeetingService;
  relay: Relay;
  userOf(req: FastifyRequest): Promise<SessionUser | null>;
  publicHost: string;
}

/**
 * A signed-in person's live socket (docs/product.md#messages): every message of their conversations, as it is
 * stored on any instance, so that open threads, the inbox and the unread badges change without a reload. It carries
 * nothing from the browser; the messages themselves are written through `messages.send`.
 */
export async function registerInboxSocket(app: FastifyInstance, deps: InboxSocketDeps): Promise<void> {
  const byUser = new Map<string, Set<WebSocket>>();

  await deps.relay.subscribe(CHANNEL, (text) => {
    try {
      const event = JSON.parse(text) as ConversationEvent;
      const signal: InboxSignal = { type: "message", bookingId: event.bookingId, message: event.message };
      const payload = JSON.stringify(signal);
      for (const userId of event.userIds)
        for (const socket of byUser.get(userId) ?? []) if (socket.readyState === socket.OPEN) socket.send(payload);
    } catch (err) {
      app.log.warn({ err }, "messages: a relayed message could not be delivered");
    }
  });

  let queue = Promise.resolve();
  deps.meetings.conversations.onMessage(async (event) => {
    queue = queue
      .then(() => deps.relay.publish(CHANNEL, JSON.stringify(event)))
      .catch((err: unknown) => app.log.warn({ err, bookingId: event.bookingId }, "messages: relay failed"));
    await queue;
  });

  app.get(INBOX_SOCKET_PATH, { websocket: true, preValidation: sameOriginOnly(deps.publicHost) }, async (socket, req) => {
    const user = await deps.userOf(req);
    if (!user) return socket.close(SOCKET_CLOSE.notSignedIn, "Sign in to see your messages");
    if (socket.readyState !== socket.OPEN) return;
    const mine = byUser.get(user.id) ?? new Set<WebSocket>();
    byUser.set(user.id, mine);
    mine.add(socket);
    // From here on every message reaches it; the browser reads what came before by fetching (features/messages/live.ts).
    const ready: InboxSignal = { type: "ready" };
    socket.send(JSON.stringify(ready));
    let alive = true;
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on("pong", () => (alive = true));
    // The browser sends nothing here; anything it sends is ignored.
    socket.on("close", () => {
      clearInterval(heartbeat);
      mine.delete(socket);
      if (!mine.size) byUser.delete(user.id);
    });
  });
}
