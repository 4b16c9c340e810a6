import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { meetingMessages, users } from "../../../db/schema";
import { createBooking, createSeer, createUser } from "../../../db/seed/factories";
import { MESSAGE_RATE_LIMIT, type InboxSignal } from "../../../src/domain/conversations";
import type { ChatMessage } from "../../../src/domain/meetings";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { fixtures, multipart } from "../../test/uploads";
import type { ThreadView } from "./conversation";
import type { InboxEntry } from "./conversation-reads";
import {
  CONVERSATION_CLOSED,
  CONVERSATION_NOT_FOUND,
  CONVERSATION_NOT_YET,
  MESSAGE_IMAGE_NOT_FOUND,
  MESSAGES_TOO_FAST,
} from "./messages";

const NOW = new Date("2026-11-22T09:00:00Z");
const MINUTE = 60_000;
const clock = new FakeClock(NOW);
let t: TestApp;
let second: TestApp;
let clientCookie: string;
let seerCookie: string;
let otherClientCookie: string;
let otherSeerCookie: string;
let adminCookie: string;
let clientId: string;
let seerId: string;
/** A confirmed session tomorrow at 10:00. */
let bookingId: string;
let pendingId: string;
let cancelledId: string;

const send = (cookie: string, input: Record<string, unknown>) => trpcMutation(t.app, "messages.send", input, cookie);
const unread = async (cookie: string) =>
  trpcData<{ total: number; byBooking: Record<string, number> }>(await trpcQuery(t.app, "messages.unread", undefined, cookie));
const unreadMails = () => t.mailer.sent.filter((m) => m.subject.startsWith("New message from"));
const messageCount = async (id: string) =>
  (await t.database.db.select({ id: meetingMessages.id }).from(meetingMessages).where(eq(meetingMessages.bookingId, id))).length;
/** Runs the jobs due by the fake clock, and then the mails they queued. */
const runJobs = async () => {
  await t.app.jobs.runDue();
  await t.app.jobs.runDue();
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  second = await createTestApp({ clock, database: t.database });
  const db = t.database.db;
  const seerUser = await createUser(db, { role: "seer", email: "seer-convo@example.com" }, { password: "seer password 1" });
  seerId = (await createSeer(db, { userId: seerUser.id, fullName: "Baba Kofi" })).id;
  seerCookie = await signIn(t.app, "seer-convo@example.com", "seer password 1");
  const otherSeer = await createUser(db, { role: "seer", email: "seer2-convo@example.com" }, { password: "seer password 2" });
  await createSeer(db, { userId: otherSeer.id, fullName: "Nana Ama" });
  otherSeerCookie = await signIn(t.app, "seer2-convo@example.com", "seer password 2");
  await createUser(db, { role: "admin", email: "admin-convo@example.com" }, { password: "admin password 1" });
  adminCookie = await signIn(t.app, "admin-convo@example.com", "admin password 1");
  clientCookie = (await signUp(t.app, { email: "client-convo@example.com", firstName: "Esi", lastName: "Owusu" })).cookie;
  otherClientCookie = (await signUp(t.app, { email: "other-convo@example.com" })).cookie;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, "client-convo@example.com"));
  clientId = row?.id ?? "";
  const common = { clientId, seerId, scheduledDate: "2026-11-23", sessionType: "30min" as const, createdAt: NOW };
  bookingId = (await createBooking(db, { ...common, scheduledTime: "10:00", status: "confirmed" })).id;
  pendingId = (await createBooking(db, { ...common, scheduledTime: "12:00", status: "pending" })).id;
  cancelledId = (await createBooking(db, { ...common, scheduledTime: "14:00", status: "cancelled" })).id;
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  await second.app.listen({ port: 0, host: "127.0.0.1" });
}, 120_000);

afterAll(async () => {
  await second.close();
  await t.close();
});

describe("a booking's conversation", () => {
  it("is read and written by its client and Seer; strangers are told what a missing id is told", async () => {
    const sent = trpcData<ChatMessage>(await send(clientCookie, { bookingId, text: "  Please ask about my mother  " }));
    expect(sent).toMatchObject({ senderRole: "client", senderName: "Esi Owusu", text: "Please ask about my mother" });
    clock.advance(1000);
    const asked = trpcData<ChatMessage>(await send(seerCookie, { bookingId, text: "Her name, please?" }));
    // An admin reads a conversation only once a message of it was reported (issue #43), by a person in it.
    expect(trpcError(await trpcQuery(t.app, "messages.thread", { bookingId }, adminCookie)).message).toBe(CONVERSATION_NOT_FOUND);
    const reportOf = (cookie: string, messageId: string) =>
      trpcMutation(t.app, "messages.report", { messageId, reason: "Asks for personal data" }, cookie);
    for (const cookie of [otherClientCookie, otherSeerCookie, adminCookie]) {
      const refused = await reportOf(cookie, asked.id);
      expect(refused.statusCode).toBe(404);
      expect(trpcError(refused).message).toBe(trpcError(await reportOf(cookie, "no-such-message")).message);
    }
    expect((await trpcQuery(t.app, "messages.thread", { bookingId }, adminCookie)).statusCode).toBe(404);
    expect(trpcData(await reportOf(clientCookie, asked.id))).toEqual({ reported: true });
    expect(trpcData(await reportOf(clientCookie, asked.id))).toEqual({ reported: true });
    expect((await trpcQuery(t.app, "messages.reported", undefined, clientCookie)).statusCode).toBe(403);
    const reported = trpcData<{ bookingId: string; reports: number; reasons: string[] }[]>(
      await trpcQuery(t.app, "messages.reported", undefined, adminCookie),
    );
    expect(reported).toEqual([expect.objectContaining({ bookingId, reports: 1, reasons: ["Asks for personal data"] })]);
    for (const cookie of [clientCookie, seerCookie, adminCookie]) {
      const thread = trpcData<ThreadView>(await trpcQuery(t.app, "messages.thread", { bookingId }, cookie));
      expect(thread.state).toBe("open");
      expect(thread.messages.map((m) => m.text)).toEqual(["Please ask about my mother", "Her name, please?"]);
    }
    const missing = "00000000-0000-0000-0000-000000000000";
    for (const cookie of [otherClientCookie, otherSeerCookie]) {
      for (const [path, call] of [
        ["messages.thread", (id: string) => trpcQuery(t.app, "messages.thread", { bookingId: id }, cookie)],
        ["messages.send", (id: string) => send(cookie, { bookingId: id, text: "Let me in" })],
        ["messages.markRead", (id: string) => trpcMutation(t.app, "messages.markRead", { bookingId: id }, cookie)],
      ] as const) {
        const theirs = await call(bookingId);
        const none = await call(missing);
        expect(theirs.statusCode, path).toBe(404);
        expect(trpcError(theirs).message, path).toBe(CONVERSATION_NOT_FOUND);
        expect(trpcError(none).message, path).toBe(trpcError(theirs).message);
      }
    }
    // An admin reads, never writes; nothing was added by any of the refusals.
    expect((await send(adminCookie, { bookingId, text: "Admin here" })).statusCode).toBe(404);
    expect(await messageCount(bookingId)).toBe(2);
    // The room's own read of the same thread.
    const room = trpcData<ChatMessage[]>(await trpcQuery(t.app, "meetings.messages", { bookingId }, seerCookie));
    expect(room.map((m) => m.id)).toContain(sent.id);
  });

  it("refuses empty and over-long messages, and a booking not yet paid for, changing nothing", async () => {
    clock.advance(MINUTE);
    const empty = await send(clientCookie, { bookingId, text: "   " });
    expect(empty.statusCode).toBe(400);
    expect(trpcError(empty).data.zodError?.fieldErrors.text).toEqual(["A message cannot be empty."]);
    const long = await send(clientCookie, { bookingId, text: "x".repeat(2001) });
    expect(trpcError(long).data.zodError?.fieldErrors.text).toEqual(["A message can be at most 2000 characters."]);
    const pending = await send(clientCookie, { bookingId: pendingId, text: "Hello" });
    expect(pending.statusCode).toBe(409);
    expect(trpcError(pending).message).toBe(CONVERSATION_NOT_YET);
    const cancelled = await send(clientCookie, { bookingId: cancelledId, text: "Hello" });
    expect(trpcError(cancelled).message).toBe(CONVERSATION_CLOSED);
    expect(await messageCount(pendingId)).toBe(0);
    expect(await messageCount(cancelledId)).toBe(0);
  });

  it("counts unread messages per conversation until they are read; the inbox lists them, newest first", async () => {
    clock.advance(MINUTE);
    // The Seer's message above is still unread by the client; their own never counts.
    expect(await unread(clientCookie)).toEqual({ total: 1, byBooking: { [bookingId]: 1 } });
    trpcData(await send(seerCookie, { bookingId, text: "And her date of birth?" }));
    expect(await unread(clientCookie)).toEqual({ total: 2, byBooking: { [bookingId]: 2 } });
    expect((await unread(seerCookie)).total).toBe(0);
    const inbox = trpcData<InboxEntry[]>(await trpcQuery(t.app, "messages.inbox", undefined, clientCookie));
    expect(inbox.map((e) => e.bookingId)).toEqual([bookingId, cancelledId]);
    expect(inbox[0]).toMatchObject({ peerName: "Baba Kofi", unread: 2, lastMessage: "And her date of birth?" });
    const seerInbox = trpcData<InboxEntry[]>(await trpcQuery(t.app, "messages.inbox", undefined, seerCookie));
    expect(seerInbox[0]).toMatchObject({ peerName: "Esi Owusu", unread: 0, role: "seer" });
    // A stranger's inbox shows none of it.
    expect(trpcData<InboxEntry[]>(await trpcQuery(t.app, "messages.inbox", undefined, otherClientCookie))).toEqual([]);
    trpcData(await trpcMutation(t.app, "messages.markRead", { bookingId }, clientCookie));
    expect(await unread(clientCookie)).toEqual({ total: 0, byBooking: {} });
  });

  it("limits each person to 10 messages a minute", async () => {
    clock.advance(MINUTE);
    for (let i = 0; i < MESSAGE_RATE_LIMIT; i++) trpcData(await send(seerCookie, { bookingId, text: `Line ${i}` }));
    const before = await messageCount(bookingId);
    const refused = await send(seerCookie, { bookingId, text: "One too many" });
    expect(refused.statusCode).toBe(429);
    expect(trpcError(refused).message).toBe(MESSAGES_TOO_FAST);
    expect(await messageCount(bookingId)).toBe(before);
    // The other party is not held back by it, and the Seer may write again a minute later.
    trpcData(await send(clientCookie, { bookingId, text: "Take your time" }));
    clock.advance(MINUTE);
    trpcData(await send(seerCookie, { bookingId, text: "Thank you" }));
    trpcData(await trpcMutation(t.app, "messages.markRead", { bookingId }, clientCookie));
    trpcData(await trpcMutation(t.app, "messages.markRead", { bookingId }, seerCookie));
  });

  it("sends images the other party can read, and nobody else", async () => {
    clock.advance(MINUTE);
    const upload = (content: Buffer, type: string) => {
      const body = multipart("image", "card.png", type, content);
      return t.app.inject({
        method: "POST",
        url: "/api/upload/message-image",
        headers: { ...body.headers, cookie: clientCookie },
        payload: body.payload,
      });
    };
    const notImage = await upload(fixtures.pdf(), "image/png");
    expect(notImage.statusCode).toBe(422);
    expect(notImage.body).toBe("Only JPEG or PNG images can be sent.");
    const uploaded = await upload(fixtures.png(), "image/png");
    expect(uploaded.statusCode).toBe(200);
    const { url } = uploaded.json() as { url: string };
    // Another person cannot send the client's upload as theirs.
    const stolen = await send(seerCookie, { bookingId, imageUrl: url });
    expect(trpcError(stolen).message).toBe(MESSAGE_IMAGE_NOT_FOUND);
    const read = (cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
    // Before it is sent, the Seer cannot read it.
    expect((await read(seerCookie)).statusCode).toBe(404);
    const sent = trpcData<ChatMessage>(await send(clientCookie, { bookingId, imageUrl: url }));
    expect(sent).toMatchObject({ text: "", imageUrl: url });
    for (const cookie of [clientCookie, seerCookie, adminCookie]) expect((await read(cookie)).statusCode).toBe(200);
    for (const cookie of [otherClientCookie, otherSeerCookie]) expect((await read(cookie)).statusCode).toBe(404);
    trpcData(await trpcMutation(t.app, "messages.markRead", { bookingId }, seerCookie));
  });

  it("reaches the other side's live socket on another instance", async () => {
    clock.advance(MINUTE);
    const host = `127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
    const ws = new WebSocket(`ws://${host}/api/messages/socket`, {
      headers: { origin: `http://${host}`, cookie: seerCookie },
    });
    const signals: InboxSignal[] = [];
    const next = (type: InboxSignal["type"]) =>
      new Promise<InboxSignal>((resolve, reject) => {
        const seen = signals.find((s) => s.type === type);
        if (seen) return resolve(seen);
        ws.on("message", () => {
          const found = signals.find((s) => s.type === type);
          if (found) resolve(found);
        });
        ws.on("error", reject);
      });
    ws.on("message", (data: Buffer) => signals.push(JSON.parse(data.toString("utf8")) as InboxSignal));
    // Written once the server delivers to it: a message sent before then would be read by fetching, not here.
    await next("ready");
    const received = next("message");
    // Sent on the first instance; the Seer's socket is held by the second.
    const sent = trpcData<ChatMessage>(await send(clientCookie, { bookingId, text: "Are you there?" }));
    expect(await received).toEqual({ type: "message", bookingId, message: sent });
    ws.close();
    trpcData(await trpcMutation(t.app, "messages.markRead", { bookingId }, seerCookie));
    // A visitor's socket is closed at once.
    const visitor = new WebSocket(`ws://${host}/api/messages/socket`, { headers: { origin: `http://${host}` } });
    const code = await new Promise<number>((resolve) => visitor.on("close", (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});

describe("the unread-message mail", () => {
  it("goes once when a message waits unread for 10 minutes; five more within the hour send none", async () => {
    clock.advance(MINUTE);
    const before = unreadMails().length;
    trpcData(await send(seerCookie, { bookingId, text: "I have a question" }));
    clock.advance(9 * MINUTE);
    await runJobs();
    expect(unreadMails().length).toBe(before);
    clock.advance(MINUTE);
    await runJobs();
    // A retry finds it done.
    await runJobs();
    const mails = unreadMails().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "client-convo@example.com", subject: "New message from Baba Kofi" });
    expect(mails[0]?.text).toContain(`/messages/${bookingId}`);
    for (let i = 0; i < 5; i++) {
      clock.advance(5 * MINUTE);
      trpcData(await send(seerCookie, { bookingId, text: `Still waiting ${i}` }));
    }
    clock.advance(11 * MINUTE);
    await runJobs();
    expect(unreadMails().length).toBe(before + 1);
    // An hour after the mail, a new unread message mails again; a read one never does.
    clock.advance(30 * MINUTE);
    trpcData(await trpcMutation(t.app, "messages.markRead", { bookingId }, clientCookie));
    await runJobs();
    expect(unreadMails().length).toBe(before + 1);
    trpcData(await send(clientCookie, { bookingId, text: "Sorry, I was away" }));
    trpcData(await trpcMutation(t.app, "messages.markRead", { bookingId }, seerCookie));
    clock.advance(MINUTE);
    trpcData(await send(seerCookie, { bookingId, text: "No problem" }));
    clock.advance(10 * MINUTE);
    await runJobs();
    const later = unreadMails().slice(before + 1);
    expect(later.map((m) => m.to)).toEqual(["client-convo@example.com"]);
  });
});

describe("the 14-day window", () => {
  it("is open until 14 days after the session, then read-only", async () => {
    // The session ends 2026-11-23 10:30; writing closes 2026-12-07 10:30.
    clock.set(new Date("2026-12-07T10:29:00Z"));
    trpcData(await send(clientCookie, { bookingId, text: "One last thing" }));
    clock.set(new Date("2026-12-07T10:30:00Z"));
    const before = await messageCount(bookingId);
    for (const cookie of [clientCookie, seerCookie]) {
      const refused = await send(cookie, { bookingId, text: "Too late" });
      expect(refused.statusCode).toBe(409);
      expect(trpcError(refused).message).toBe(CONVERSATION_CLOSED);
    }
    expect(await messageCount(bookingId)).toBe(before);
    const thread = trpcData<ThreadView>(await trpcQuery(t.app, "messages.thread", { bookingId }, clientCookie));
    expect(thread.state).toBe("closed");
    expect(thread.messages.at(-1)?.text).toBe("One last thing");
  });
});
