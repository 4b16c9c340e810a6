import { useEffect } from "react";
import { FINAL_CLOSE_CODES, SOCKET_CLOSE } from "../../../src/domain/meetings";
import { INBOX_SOCKET_PATH, type InboxSignal } from "../../../src/domain/conversations";
import { trpc } from "../../trpc";

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * The signed-in person's live socket (docs/product.md#messages): each message of their conversations, on whichever
 * instance it was written, refreshes the thread, the inbox and the unread badges. Reconnects after a drop.
 */
export function useLiveMessages(enabled = true): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return undefined;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    const open = () => {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${window.location.host}${INBOX_SOCKET_PATH}`);
      socket.onmessage = (event: MessageEvent<string>) => {
        let signal: InboxSignal;
        try {
          signal = JSON.parse(event.data) as InboxSignal;
        } catch {
          return;
        }
        if (signal.type === "ready") {
          // Whatever came while the socket was down, or before the server delivered to it, is read once it does.
          if (attempts > 0) void utils.messages.invalidate();
          attempts = 0;
          return;
        }
        if (signal.type !== "message") return;
        utils.messages.thread.setData({ bookingId: signal.bookingId }, (thread) =>
          thread && !thread.messages.some((m) => m.id === signal.message.id)
            ? { ...thread, messages: [...thread.messages, signal.message] }
            : thread,
        );
        void utils.messages.inbox.invalidate();
        void utils.messages.unread.invalidate();
        void utils.meetings.messages.invalidate({ bookingId: signal.bookingId });
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (FINAL_CLOSE_CODES.has(event.code) && event.code !== SOCKET_CLOSE.normal) return;
        timer = setTimeout(open, RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)]);
        attempts++;
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [enabled, utils]);
}
