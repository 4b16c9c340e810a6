import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { adminAudit, bookingDisputes, bookings, ledgerEntries } from "../../../db/schema";
import type { MeetingRole } from "../../../src/domain/meetings";
import {
  attendSession,
  payForBooking,
  signIn,
  trpcData,
  trpcError,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from "../../test/app";
import {
  ALREADY_ANSWERED,
  ALREADY_REPORTED,
  BOOKING_NOT_FOUND,
  DISPUTE_DECIDED,
  REFUND_TOO_LARGE,
  REPORT_CANCELLED,
  REPORT_NO_SHOW,
  REPORT_NOT_YET,
  REPORT_SEER_NO_SHOW,
  REPORT_TOO_LATE,
} from "./messages";
import { LIFECYCLE_NOW, lifecycleTestKit } from "./test-kit";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const kit = lifecycleTestKit();
const { provider, row, mailsAbout } = kit;
let t: TestApp;
let seerId: string;
let seerCookie: string;
let adminCookie: string;
let client: { cookie: string; email: string };
let stranger: { cookie: string };
let otherSeerCookie: string;
let usSeerId: string;
let usSeerCookie: string;
beforeAll(async () => {
  ({ t, seerId, seerCookie, adminCookie, client, stranger } = kit.get());
  const other = await createUser(
    t.database.db,
    { role: "seer", email: "other-seer-dispute@example.com" },
    { password: "seer password 1" },
  );
  await createSeer(t.database.db, { userId: other.id });
  otherSeerCookie = await signIn(t.app, "other-seer-dispute@example.com", "seer password 1");
  // A Seer paid through Stripe (the lifecycle Seer is in Ghana, whose payouts take the local rails).
  const us = await createUser(
    t.database.db,
    { role: "seer", email: "us-seer-dispute@example.com" },
    { password: "seer password 1" },
  );
  usSeerId = (await createSeer(t.database.db, { userId: us.id, country: "United States", price60Min: "80.00" })).id;
  usSeerCookie = await signIn(t.app, "us-seer-dispute@example.com", "seer password 1");
});

let lastDay = 2;
/** A day after the app's clock that no other test of this file used, so its slots are free and in the future. */
function nextDate(): string {
  const fromNow = Math.ceil((t.clock.now().getTime() - LIFECYCLE_NOW.getTime()) / DAY) + 2;
  lastDay = Math.max(lastDay + 1, fromNow);
  return new Date(LIFECYCLE_NOW.getTime() + lastDay * DAY).toISOString().slice(0, 10);
}

/**
 * A paid session that took place: the client and the Seer joined (or only those `joined` names), the clock is moved
 * past its room's closing and the settling job ran. The clock then stands 16 minutes after the session's end.
 */
async function pastSession(options: { joined?: MeetingRole[]; seer?: string } = {}) {
  const { bookingId, paymentIntentId } = await payForBooking(t.app, client.cookie, {
    seerId: options.seer ?? seerId,
    scheduledDate: nextDate(),
  });
  await t.app.jobs.runDue();
  const b = await row(bookingId);
  if (!b) throw new Error("no booking");
  await attendSession(t.database, bookingId, options.joined);
  t.clock.set(new Date(b.endsAt.getTime() + 16 * 60_000));
  await t.app.jobs.runDue({ periodic: true });
  await t.app.jobs.runDue();
  return { bookingId, paymentIntentId, endsAt: b.endsAt };
}

const report = (bookingId: string, cookie = client.cookie, reason = "seer_absent") =>
  trpcMutation(t.app, "bookings.reportProblem", { bookingId, reason, text: "I waited 20 minutes and nobody came." }, cookie);

async function decide(input: Record<string, unknown>) {
  // Deciding moves money: the admin confirms it is them first, as the console asks.
  expect((await trpcMutation(t.app, "account.confirm", { password: "admin password 1" }, adminCookie)).statusCode).toBe(200);
  return trpcMutation(t.app, "bookings.decideDispute", input, adminCookie);
}

type Dispute = { id: string; status: string; seerAnswer: string | null; refundAmount: string | null };
type Queue = (Dispute & { bookingId: string; refundable: string; attendance: { role: string }[] })[];

describe("reporting a problem", () => {
  it("takes one report from the client of a completed session within the hold, tells the Seer, and holds nothing else", async () => {
    const { bookingId } = await pastSession();
    expect((await row(bookingId))?.status).toBe("completed");
    const before = trpcData<{ canReport: boolean; dispute: null }>(
      await trpcQuery(t.app, "bookings.dispute", { bookingId }, client.cookie),
    );
    expect(before).toMatchObject({ canReport: true, dispute: null });
    const card = async () =>
      trpcData<{ past: { id: string; canReport: boolean; dispute: Dispute | null }[] }>(
        await trpcQuery(t.app, "bookings.clientSessions", undefined, client.cookie),
      ).past.find((c) => c.id === bookingId);
    expect(await card()).toMatchObject({ canReport: true, dispute: null });

    const invalid = await trpcMutation(
      t.app,
      "bookings.reportProblem",
      { bookingId, reason: "seer_absent", text: " " },
      client.cookie,
    );
    expect(trpcError(invalid).data.zodError?.fieldErrors.text).toEqual(["Tell us what happened"]);
    expect(await t.database.db.select().from(bookingDisputes).where(eq(bookingDisputes.bookingId, bookingId))).toHaveLength(0);

    // Another client, the Seer, another Seer and an admin are told what a missing booking tells.
    for (const cookie of [stranger.cookie, seerCookie, otherSeerCookie, adminCookie]) {
      const refused = await report(bookingId, cookie);
      expect(refused.statusCode).toBe(404);
      expect(trpcError(refused).message).toBe(BOOKING_NOT_FOUND);
    }
    expect(trpcError(await report("no-such-booking")).message).toBe(BOOKING_NOT_FOUND);

    const made = trpcData<Dispute>(await report(bookingId));
    expect(made).toMatchObject({ status: "open", seerAnswer: null });
    expect(trpcError(await report(bookingId)).message).toBe(ALREADY_REPORTED);
    expect(await card()).toMatchObject({ canReport: false, dispute: { id: made.id, reason: "seer_absent", status: "open" } });
    const seerCard = trpcData<{ past: { id: string; dispute: Dispute | null }[] }>(
      await trpcQuery(t.app, "bookings.seerSessions", undefined, seerCookie),
    ).past.find((c) => c.id === bookingId);
    expect(seerCard?.dispute).toMatchObject({ id: made.id, seerAnswer: null });
    await t.app.jobs.runDue();
    const told = mailsAbout(bookingId, "A problem was reported");
    expect(told.map((m) => m.to)).toEqual(["seer-life@example.com"]);
    expect(told[0]?.text).toContain("The Seer did not come");

    const seen = trpcData<{ canReport: boolean; dispute: Dispute }>(
      await trpcQuery(t.app, "bookings.dispute", { bookingId }, seerCookie),
    );
    expect(seen).toMatchObject({ canReport: false, dispute: { id: made.id, status: "open" } });
    for (const cookie of [stranger.cookie, otherSeerCookie]) {
      const refused = await trpcQuery(t.app, "bookings.dispute", { bookingId }, cookie);
      expect(refused.statusCode).toBe(404);
    }
  });

  it("lets the Seer answer once, and no one else", async () => {
    const { bookingId } = await pastSession();
    trpcData(await report(bookingId));
    const answer = { bookingId, answer: "I was in the room from the start; the client's camera never connected." };
    for (const cookie of [client.cookie, stranger.cookie, otherSeerCookie])
      expect((await trpcMutation(t.app, "bookings.answerDispute", answer, cookie)).statusCode).toBe(404);
    const answered = trpcData<Dispute>(await trpcMutation(t.app, "bookings.answerDispute", answer, seerCookie));
    expect(answered.seerAnswer).toBe(answer.answer);
    const again = await trpcMutation(t.app, "bookings.answerDispute", { bookingId, answer: "Second thoughts" }, seerCookie);
    expect(trpcError(again).message).toBe(ALREADY_ANSWERED);
    const [stored] = await t.database.db.select().from(bookingDisputes).where(eq(bookingDisputes.bookingId, bookingId));
    expect(stored?.seerAnswer).toBe(answer.answer);
  });

  it("refuses before the room closes, after the hold ends, on a client's no-show and on a cancelled booking", async () => {
    const { bookingId: upcoming } = await payForBooking(t.app, client.cookie, { seerId, scheduledDate: nextDate() });
    expect(trpcError(await report(upcoming)).message).toBe(REPORT_NOT_YET);
    expect(trpcData(await trpcMutation(t.app, "bookings.cancel", { bookingId: upcoming }, seerCookie))).toMatchObject({
      status: "cancelled",
    });
    expect(trpcError(await report(upcoming)).message).toBe(REPORT_CANCELLED);

    const { bookingId: absent } = await pastSession({ joined: ["seer"] });
    expect((await row(absent))?.status).toBe("no_show");
    expect(trpcError(await report(absent)).message).toBe(REPORT_NO_SHOW);

    const { bookingId: late } = await pastSession();
    const completedAt = (await row(late))?.completedAt;
    if (!completedAt) throw new Error("not completed");
    t.clock.set(new Date(completedAt.getTime() + DAY - 60_000));
    expect(
      trpcData<{ canReport: boolean }>(await trpcQuery(t.app, "bookings.dispute", { bookingId: late }, client.cookie)).canReport,
    ).toBe(true);
    t.clock.set(new Date(completedAt.getTime() + DAY));
    const refused = await report(late);
    expect(refused.statusCode).toBe(409);
    expect(trpcError(refused).message).toBe(REPORT_TOO_LATE);
    expect(
      trpcData<{ canReport: boolean }>(await trpcQuery(t.app, "bookings.dispute", { bookingId: late }, client.cookie)).canReport,
    ).toBe(false);
  });
});

describe("the admins' decisions", () => {
  it("shows open reports with the room's records, and makes a partial refund through the provider once", async () => {
    const { bookingId, paymentIntentId } = await pastSession();
    const made = trpcData<Dispute>(await report(bookingId, client.cookie, "call_failed"));
    for (const cookie of [client.cookie, seerCookie])
      expect((await trpcQuery(t.app, "bookings.disputes", undefined, cookie)).statusCode).toBe(403);
    const queue = trpcData<Queue>(await trpcQuery(t.app, "bookings.disputes", undefined, adminCookie));
    const listed = queue.find((d) => d.id === made.id);
    expect(listed).toMatchObject({ bookingId, refundable: "80.00" });
    expect(listed?.attendance.map((a) => a.role).sort()).toEqual(["client", "seer"]);

    const tooMuch = await decide({
      disputeId: made.id,
      decision: "partial_refund",
      refundAmount: "80.01",
      reason: "Half the call",
    });
    expect(trpcError(tooMuch).message).toBe(REFUND_TOO_LARGE);
    const noAmount = await decide({ disputeId: made.id, decision: "partial_refund", reason: "Half the call" });
    expect(noAmount.statusCode).toBe(400);
    expect((await row(bookingId))?.refundDue).toBe("0.00");

    const done = await decide({
      disputeId: made.id,
      decision: "partial_refund",
      refundAmount: "30.00",
      reason: "Half the call failed",
    });
    expect(trpcData(done)).toMatchObject({ status: "partly_refunded", refundAmount: "30.00", decidedNow: true });
    const again = await decide({ disputeId: made.id, decision: "full_refund", reason: "Changed my mind" });
    expect(trpcData(again)).toMatchObject({ status: "partly_refunded", refundAmount: "30.00", decidedNow: false });
    await t.app.jobs.runDue();
    expect((await provider().listRefunds(paymentIntentId)).map((r) => r.amount)).toEqual([3000]);
    expect(await row(bookingId)).toMatchObject({
      status: "completed",
      refundedAmount: "30.00",
      platformFee: "10.00",
      seerEarnings: "40.00",
    });
    const [stored] = await t.database.db.select().from(bookingDisputes).where(eq(bookingDisputes.id, made.id));
    expect(stored).toMatchObject({ status: "partly_refunded", decisionReason: "Half the call failed", refundAmount: "30.00" });
    expect(stored?.decidedBy).toBeTruthy();
    expect(
      mailsAbout(bookingId, "Decision on the reported problem")
        .map((m) => m.to)
        .sort(),
    ).toEqual(["client-life@example.com", "seer-life@example.com"]);
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, made.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "bookings.decideDispute", targetKind: "dispute" });
    expect(trpcData<Queue>(await trpcQuery(t.app, "bookings.disputes", undefined, adminCookie)).map((d) => d.id)).not.toContain(
      made.id,
    );
    // Decided, the report takes no answer.
    const late = await trpcMutation(t.app, "bookings.answerDispute", { bookingId, answer: "Too late" }, seerCookie);
    expect(trpcError(late).message).toBe(DISPUTE_DECIDED);

    // The ledger: the refund and, once settled, the share of what was kept.
    t.clock.set(new Date(t.clock.now().getTime() + 2 * DAY));
    await t.app.jobs.runDue({ periodic: true });
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount, 0);
    expect([sum("charge"), sum("refund"), sum("platform_fee"), sum("seer_share")]).toEqual([8000, 3000, 1000, 4000]);
  });

  it("refunds in full", async () => {
    const { bookingId, paymentIntentId } = await pastSession();
    const made = trpcData<Dispute>(await report(bookingId));
    const done = await decide({ disputeId: made.id, decision: "full_refund", reason: "The Seer never joined" });
    expect(trpcData(done)).toMatchObject({ status: "refunded", refundAmount: "80.00" });
    await t.app.jobs.runDue();
    expect((await provider().listRefunds(paymentIntentId)).map((r) => r.amount)).toEqual([8000]);
    expect(await row(bookingId)).toMatchObject({ refundedAmount: "80.00", seerEarnings: "0.00", platformFee: "0.00" });
  });
});

describe("the Seer's payout while a report is open", () => {
  it("does not pay the Seer until the admin releases the money", async () => {
    const { url } = trpcData<{ url: string }>(await trpcMutation(t.app, "payouts.connect", undefined, usSeerCookie));
    const accountId = new URL(url, "http://localhost:3000").searchParams.get("account") ?? "";
    expect(
      trpcData<{ status: string }>(await trpcMutation(t.app, "payouts.completeTestOnboarding", { accountId }, usSeerCookie))
        .status,
    ).toBe("active");
    const { bookingId } = await pastSession({ seer: usSeerId });
    const made = trpcData<Dispute>(await report(bookingId));
    const { bookingId: undisputed } = await pastSession({ seer: usSeerId });
    // Well past the hold: the undisputed session is settled and paid, the reported one neither.
    t.clock.set(new Date(t.clock.now().getTime() + 3 * DAY));
    await t.app.jobs.runDue({ periodic: true });
    await t.app.jobs.runDue();
    const kinds = async (id: string) =>
      (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id))).map((r) => r.kind).sort();
    expect(await kinds(undisputed)).toEqual(["charge", "platform_fee", "seer_share", "transfer"]);
    expect(await kinds(bookingId)).toEqual(["charge"]);

    trpcData(await decide({ disputeId: made.id, decision: "release", reason: "The room shows the client joined and stayed" }));
    // The next minute's sweep settles it and pays it as any other.
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    await t.app.jobs.runDue({ periodic: true });
    await t.app.jobs.runDue();
    expect(await kinds(bookingId)).toEqual(["charge", "platform_fee", "seer_share", "transfer"]);
    const [transfer] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, "transfer")));
    expect(transfer?.amount).toBe(6400);
    expect(mailsAbout(bookingId, "Decision on the reported problem")).toHaveLength(2);
  });
});

describe("a Seer's no-show (the Terms: refunded in full without a report)", () => {
  it("refunds the client in full once when only the client joined, mails both once, and pays the Seer nothing", async () => {
    const { bookingId, paymentIntentId } = await payForBooking(t.app, client.cookie, { seerId, scheduledDate: nextDate() });
    await t.app.jobs.runDue();
    await attendSession(t.database, bookingId, ["client"]);
    const b = await row(bookingId);
    if (!b) throw new Error("no booking");
    t.clock.set(new Date(b.endsAt.getTime() + 16 * 60_000));
    // Completion run twice at once (two instances' minute jobs), then again: one settlement, one refund.
    const runs = await Promise.all([t.app.services.bookings.settleEnded(), t.app.services.bookings.settleEnded()]);
    expect(runs.reduce((s, n) => s + n, 0)).toBe(1);
    await t.app.jobs.runDue({ periodic: true });
    await t.app.jobs.runDue();
    expect(await t.app.services.bookings.settleEnded()).toBe(0);

    expect(await row(bookingId)).toMatchObject({
      status: "seer_no_show",
      refundDue: "80.00",
      refundedAmount: "80.00",
      platformFee: "0.00",
      seerEarnings: "0.00",
    });
    expect((await provider().listRefunds(paymentIntentId)).map((r) => r.amount)).toEqual([8000]);
    const clientMails = mailsAbout(bookingId, "Refunded: ");
    expect(clientMails.map((m) => m.to)).toEqual(["client-life@example.com"]);
    expect(clientMails[0]?.text).toContain("By our Terms you are refunded in full: $80.00");
    expect(mailsAbout(bookingId, "Missed session: ").map((m) => m.to)).toEqual(["seer-life@example.com"]);
    expect(mailsAbout(bookingId, "How was your consultation")).toHaveLength(0);

    // Nothing to report: refused, and the card does not offer it.
    const refused = await report(bookingId);
    expect(refused.statusCode).toBe(409);
    expect(trpcError(refused).message).toBe(REPORT_SEER_NO_SHOW);
    const clientCard = trpcData<{ past: { id: string; status: string; canReport: boolean; refundedAmount: string }[] }>(
      await trpcQuery(t.app, "bookings.clientSessions", undefined, client.cookie),
    ).past.find((c) => c.id === bookingId);
    expect(clientCard).toMatchObject({ status: "seer_no_show", canReport: false, refundedAmount: "80.00" });
    const dashboard = trpcData<{
      summary: { pastSessions: number };
      past: { id: string; status: string; seerEarnings: string }[];
    }>(await trpcQuery(t.app, "bookings.seerSessions", undefined, seerCookie));
    expect(dashboard.past.find((c) => c.id === bookingId)).toMatchObject({ status: "seer_no_show", seerEarnings: "0.00" });
    // The Past tab's count is its list's length, the missed session included.
    expect(dashboard.summary.pastSessions).toBe(dashboard.past.length);

    // Past the hold the ledger has the charge and its refund, and neither a fee nor a share.
    t.clock.set(new Date(t.clock.now().getTime() + 2 * DAY));
    await t.app.jobs.runDue({ periodic: true });
    await t.app.jobs.runDue();
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ["charge", 8000],
      ["refund", 8000],
    ]);
  });

  it("settles the others by who joined: only the Seer or nobody is the client's no-show, both is completed", async () => {
    const cases: [MeetingRole[], string][] = [
      [["seer"], "no_show"],
      [[], "no_show"],
      [["client", "seer"], "completed"],
    ];
    for (const [joined, status] of cases) {
      const { bookingId, paymentIntentId } = await pastSession({ joined });
      expect(await row(bookingId), `joined: ${joined.join(", ") || "nobody"}`).toMatchObject({ status, refundDue: "0.00" });
      expect(await provider().listRefunds(paymentIntentId)).toEqual([]);
      expect(mailsAbout(bookingId, "Refunded: ")).toHaveLength(0);
    }
    // Only its status moved: no other booking of the file was touched by these settlements.
    const mine = await t.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.status, "seer_no_show"));
    expect(mine).toHaveLength(1);
  });
});
