import { beforeAll, describe, expect, it } from "vitest";
import { DAY_FULL, TOO_CLOSE } from "../../../src/domain/schedule";
import { NOT_AVAILABLE_MESSAGE } from "../../../src/schemas/dashboard";
import { trpcData, trpcError, trpcMutation, type TestApp } from "../../test/app";
import { SLOT_TAKEN, TOO_LATE_TO_RESCHEDULE } from "./messages";
import { LIFECYCLE_NOW, lifecycleTestKit } from "./test-kit";

const NOW = LIFECYCLE_NOW;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const kit = lifecycleTestKit();
const { row, freshDate, paidBooking, mailsAbout } = kit;
let t: TestApp;
let seerCookie: string;
let client: { cookie: string; email: string };
beforeAll(() => void ({ t, seerCookie, client } = kit.get()));

describe("rescheduling", () => {
  it("moves a booking to a free slot, with the updated calendar entry and the reminder moved", async () => {
    const { bookingId } = await paidBooking();
    const target = freshDate();
    const moved = await trpcMutation(
      t.app,
      "bookings.reschedule",
      { bookingId, scheduledDate: target, scheduledTime: "14:00" },
      client.cookie,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await row(bookingId);
    expect(after).toMatchObject({ status: "confirmed", scheduledDate: target, scheduledTime: "14:00", calendarSequence: 1 });
    expect(after?.startsAt.toISOString()).toBe(`${target}T14:00:00.000Z`);
    await t.app.jobs.runDue();
    const mails = mailsAbout(bookingId, "Rescheduled:");
    expect(mails).toHaveLength(2);
    expect(mails[0]?.attachments?.[0]?.content).toContain("SEQUENCE:1");

    // The old time's reminder never goes; the new time's goes 24 hours before it, once.
    t.clock.set(new Date((after?.startsAt.getTime() ?? 0) - DAY + 60_000));
    try {
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
      const reminders = mailsAbout(bookingId, "Reminder:");
      expect(reminders).toHaveLength(2);
      expect(reminders.find((m) => m.to === "seer-life@example.com")?.text).toContain("(Africa/Accra)");
    } finally {
      t.clock.set(NOW);
    }
  });

  it("refuses a taken slot, a move within 24 hours, and leaves the booking as it was", async () => {
    const first = await paidBooking();
    const second = await paidBooking();
    const taken = await trpcMutation(
      t.app,
      "bookings.reschedule",
      { bookingId: second.bookingId, scheduledDate: first.date, scheduledTime: "10:00" },
      client.cookie,
    );
    expect(trpcError(taken).message).toBe(SLOT_TAKEN);
    expect(await row(second.bookingId)).toMatchObject({ scheduledDate: second.date, calendarSequence: 0 });
    const b = await row(second.bookingId);
    t.clock.set(new Date((b?.startsAt.getTime() ?? 0) - 23 * HOUR));
    try {
      const late = await trpcMutation(
        t.app,
        "bookings.reschedule",
        { bookingId: second.bookingId, scheduledDate: freshDate(), scheduledTime: "10:00" },
        client.cookie,
      );
      expect(trpcError(late).message).toBe(TOO_LATE_TO_RESCHEDULE);
    } finally {
      t.clock.set(NOW);
    }
  });

  it("moves to a time the Seer proposes once the client accepts it", async () => {
    const { bookingId } = await paidBooking();
    const target = freshDate();
    const proposed = await trpcMutation(
      t.app,
      "bookings.proposeReschedule",
      { bookingId, scheduledDate: target, scheduledTime: "16:00", timezone: "Africa/Accra" },
      seerCookie,
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(
      (
        await trpcMutation(
          t.app,
          "bookings.proposeReschedule",
          { bookingId, scheduledDate: target, scheduledTime: "16:00", timezone: "UTC" },
          client.cookie,
        )
      ).statusCode,
    ).toBe(404);
    const accepted = await trpcMutation(t.app, "bookings.respondToProposal", { bookingId, accept: true }, client.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await row(bookingId)).toMatchObject({
      scheduledDate: target,
      scheduledTime: "16:00",
      proposedStartsAt: null,
      calendarSequence: 1,
    });
  });
});

describe("accepting a proposal under the Seer's schedule as it is now (issue #42)", () => {
  const propose = async (bookingId: string, date: string, time: string) => {
    const proposed = await trpcMutation(
      t.app,
      "bookings.proposeReschedule",
      { bookingId, scheduledDate: date, scheduledTime: time, timezone: "Africa/Accra" },
      seerCookie,
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
  };
  const accept = (bookingId: string) =>
    trpcMutation(t.app, "bookings.respondToProposal", { bookingId, accept: true }, client.cookie);
  const unmoved = async (bookingId: string, date: string, proposed: string) =>
    expect(await row(bookingId)).toMatchObject({
      scheduledDate: date,
      scheduledTime: "10:00",
      calendarSequence: 0,
      proposedStartsAt: new Date(proposed),
    });

  it("refuses a proposed time that the Seer's new time off covers, moves nothing, and accepts it once the time off is gone", async () => {
    const { bookingId, date } = await paidBooking();
    const target = freshDate();
    await propose(bookingId, target, "16:00");
    const added = await trpcMutation(
      t.app,
      "seerDashboard.addOverride",
      { startDate: target, endDate: target, kind: "time_off", note: "" },
      seerCookie,
    );
    const overrideId = trpcData<{ override: { id: string } }>(added).override.id;
    const refused = await accept(bookingId);
    expect(trpcError(refused)).toMatchObject({ message: NOT_AVAILABLE_MESSAGE, data: { code: "CONFLICT" } });
    await unmoved(bookingId, date, `${target}T16:00:00Z`);
    await t.app.jobs.runDue();
    expect(mailsAbout(bookingId, "Rescheduled:")).toHaveLength(0);

    await trpcMutation(t.app, "seerDashboard.removeOverride", { id: overrideId }, seerCookie);
    const accepted = await accept(bookingId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await row(bookingId)).toMatchObject({ scheduledDate: target, scheduledTime: "16:00", proposedStartsAt: null });
  });

  it("refuses a proposed time on a day the Seer's daily cap has filled since, or too close with a new buffer", async () => {
    const { bookingId, date } = await paidBooking();
    const target = freshDate();
    await propose(bookingId, target, "15:00");
    await paidBooking({ date: target, time: "14:00" });
    const rules = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, noticeMinutes: 120, horizonDays: 90, dailyCap: null };
    try {
      await trpcMutation(t.app, "seerDashboard.saveRules", { ...rules, dailyCap: 1 }, seerCookie);
      expect(trpcError(await accept(bookingId))).toMatchObject({ message: DAY_FULL, data: { code: "CONFLICT" } });
      await unmoved(bookingId, date, `${target}T15:00:00Z`);
      await trpcMutation(t.app, "seerDashboard.saveRules", { ...rules, bufferAfterMinutes: 5 }, seerCookie);
      expect(trpcError(await accept(bookingId)).message).toBe(TOO_CLOSE);
      await unmoved(bookingId, date, `${target}T15:00:00Z`);
      await propose(bookingId, target, "17:00");
      expect((await accept(bookingId)).statusCode).toBe(200);
    } finally {
      await trpcMutation(t.app, "seerDashboard.saveRules", rules, seerCookie);
    }
  });
});

describe("the 24-hour reminder", () => {
  it("goes to both parties once, and not at all for a booking made less than 24 hours ahead", async () => {
    const { bookingId } = await paidBooking();
    const b = await row(bookingId);
    t.clock.set(new Date((b?.startsAt.getTime() ?? 0) - DAY - 60_000));
    await t.app.jobs.runDue();
    expect(mailsAbout(bookingId, "Reminder:")).toHaveLength(0);
    t.clock.advance(2 * 60_000);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(
      mailsAbout(bookingId, "Reminder:")
        .map((m) => m.to)
        .sort(),
    ).toEqual(["client-life@example.com", "seer-life@example.com"]);

    // Booked 20 hours ahead: no reminder is ever scheduled.
    t.clock.set(new Date(`${freshDate()}T14:00:00Z`));
    const soon = new Date(t.clock.now().getTime() + 20 * HOUR).toISOString();
    const late = await paidBooking({ date: soon.slice(0, 10), time: soon.slice(11, 16) });
    void freshDate(); // the day the late booking took is no longer fresh
    t.clock.set(new Date(Date.parse(soon) - 60_000));
    await t.app.jobs.runDue();
    expect(mailsAbout(late.bookingId, "Reminder:")).toHaveLength(0);
    t.clock.set(NOW);
  });
});
