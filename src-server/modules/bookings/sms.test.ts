import { beforeAll, describe, expect, it } from "vitest";
import { trpcData, trpcMutation, type TestApp } from "../../test/app";
import { LIFECYCLE_NOW, lifecycleTestKit } from "./test-kit";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const kit = lifecycleTestKit();
const { row, paidBooking } = kit;
let t: TestApp;
let client: { cookie: string; email: string };
let seerCookie: string;
beforeAll(() => void ({ t, client, seerCookie } = kit.get()));

const CLIENT_PHONE = "+233241234567";
const SEER_PHONE = "+233201234567";

async function settle() {
  for (let i = 0; i < 6 && (await t.app.jobs.runDue()) > 0; i++);
}
const textsTo = (to: string, about: string) => t.sms.sent.filter((m) => m.to === to && m.text.includes(about));

/** Confirms `typed` as the person's number through the public doors, reading the code from the SMS outbox. */
async function confirmPhone(cookie: string, typed: string, e164: string) {
  trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "GH", number: typed }, cookie));
  await settle();
  const code = /code is (\d{6})\./.exec(t.sms.sent.filter((m) => m.to === e164).at(-1)?.text ?? "")?.[1];
  trpcData(await trpcMutation(t.app, "phone.confirm", { code }, cookie));
}

describe("confirmations and reminders by SMS (issue #44)", () => {
  it("sends none without a confirmed number, nor with one but without the choice", async () => {
    const before = t.sms.sent.length;
    const made = [await paidBooking()];
    await settle();
    expect(t.sms.sent.length).toBe(before);
    // A number waiting for its code is not one to text bookings to.
    trpcData(await trpcMutation(t.app, "phone.sendCode", { country: "GH", number: "024 123 4567" }, client.cookie));
    await settle();
    const codes = t.sms.sent.length;
    made.push(await paidBooking());
    await settle();
    expect(t.sms.sent.length).toBe(codes);
    // Confirmed, but SMS not chosen.
    t.clock.advance(MINUTE);
    await confirmPhone(client.cookie, "024 123 4567", CLIENT_PHONE);
    const confirmed = t.sms.sent.length;
    made.push(await paidBooking());
    await settle();
    expect(t.sms.sent.length).toBe(confirmed);
    // Out of the way of the next test's reminders.
    for (const { bookingId } of made) {
      const cancelled = await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    await settle();
  });

  it("texts the confirmation and the 24-hour reminder once to each person who chose SMS, even when the reminder runs twice", async () => {
    trpcData(await trpcMutation(t.app, "phone.setSms", { enabled: true }, client.cookie));
    await confirmPhone(seerCookie, "020 123 4567", SEER_PHONE);
    trpcData(await trpcMutation(t.app, "phone.setSms", { enabled: true }, seerCookie));

    const { bookingId } = await paidBooking();
    await settle();
    const booked = textsTo(CLIENT_PHONE, "is booked for");
    expect(booked).toHaveLength(1);
    expect(booked[0]?.text).toMatch(/^Seer: Your 60 minute consultation with .+ is booked for .+\. http:\/\/\S+\/profile$/);
    expect(textsTo(SEER_PHONE, "booked a 60 minute consultation")).toHaveLength(1);
    expect(textsTo(SEER_PHONE, "booked a 60 minute consultation")[0]?.text).toMatch(/\/dashboard$/);

    const startsAt = (await row(bookingId))?.startsAt ?? new Date(0);
    t.clock.set(new Date(startsAt.getTime() - DAY + MINUTE));
    await settle();
    expect(textsTo(CLIENT_PHONE, "starts in 24 hours")).toHaveLength(1);
    expect(textsTo(SEER_PHONE, "starts in 24 hours")).toHaveLength(1);
    // The reminder job again (a retry, or a second instance's run): nothing more is sent.
    await t.app.jobs.send("bookings.reminder", { bookingId, startsAt: startsAt.toISOString() });
    await settle();
    expect(textsTo(CLIENT_PHONE, "starts in 24 hours")).toHaveLength(1);
    expect(textsTo(SEER_PHONE, "starts in 24 hours")).toHaveLength(1);
    // The SMS job itself again under the reminder's key (a retry after the provider took it, another instance's copy).
    const [reminder] = textsTo(CLIENT_PHONE, "starts in 24 hours");
    const key = `booking-reminder-24h:${bookingId}:${startsAt.toISOString()}:client`;
    await t.app.jobs.send("sms.send", { key, message: reminder });
    await t.app.jobs.send("sms.send", { key, message: reminder });
    await settle();
    expect(textsTo(CLIENT_PHONE, "starts in 24 hours")).toHaveLength(1);
    // The 10-minute reminder and the cancellation are push only.
    t.clock.set(new Date(startsAt.getTime() - 9 * MINUTE));
    await settle();
    const cancelled = await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle();
    // Its confirmation and its 24-hour reminder, nothing else.
    expect(t.sms.sent.filter((m) => m.to === CLIENT_PHONE && m.text.startsWith("Seer: "))).toHaveLength(2);
    t.clock.set(LIFECYCLE_NOW);
  });

  it("stops texting a person who turns SMS off", async () => {
    trpcData(await trpcMutation(t.app, "phone.setSms", { enabled: false }, client.cookie));
    const before = textsTo(CLIENT_PHONE, "is booked for").length;
    await paidBooking();
    await settle();
    expect(textsTo(CLIENT_PHONE, "is booked for")).toHaveLength(before);
  });
});
