import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localPayouts, users } from "../../../db/schema";
import { createBooking, createSeer, createUser } from "../../../db/seed/factories";
import { MAX_PAYOUT_ATTEMPTS } from "../../../src/domain/payout-rails";
import { FakeClock } from "../../platform/clock";
import type { RailTransfer, RailTransferInput } from "../../platform/payouts/rail";
import { TestPayoutRail } from "../../platform/payouts/test-rail";
import { createTestApp, enrolTotp, signIn, signUp, trpcData, trpcMutation, type TestApp } from "../../test/app";
import { UNREACHABLE } from "./local";

const NOW = new Date("2026-11-22T10:00:00Z");
const PASSWORD = "seer password 1";
let t: TestApp;
/** While true, Paystack's transfers never get an answer (a network failure), as when the provider is down. */
let down = true;
const asked: string[] = [];

/** The test-mode Paystack rail, unreachable for transfers while `down`. */
class UnreachableRail extends TestPayoutRail {
  override transfer(input: RailTransferInput): Promise<RailTransfer> {
    asked.push(input.reference);
    return down ? Promise.reject(new Error("fetch failed")) : super.transfer(input);
  }
}

beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock(NOW),
    rails: (db) => ({
      paystack: new UnreachableRail("paystack", db, "s"),
      flutterwave: new TestPayoutRail("flutterwave", db, "s"),
    }),
  });
});
afterAll(async () => {
  await t.close();
});

describe("a payout whose provider cannot be reached", () => {
  it("is asked again, then left pending after its attempts, never failed; an admin's Retry asks again and it is paid once", async () => {
    const client = await signUp(t.app, { email: "unreachable-client@example.com" });
    expect(client.cookie).toBeTruthy();
    const [clientRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "unreachable-client@example.com"));
    const user = await createUser(t.database.db, { role: "seer", email: "unreachable-seer@example.com" }, { password: PASSWORD });
    const seer = await createSeer(t.database.db, { userId: user.id, country: "Ghana" });
    await createBooking(t.database.db, {
      clientId: clientRow?.id ?? "",
      seerId: seer.id,
      amount: "80.00",
      sessionType: "60min",
      status: "completed",
      confirmedAt: new Date(NOW.getTime() - 4 * 86_400_000),
      completedAt: new Date(NOW.getTime() - 2 * 86_400_000),
      scheduledDate: "2026-11-20",
    });
    const cookie = await signIn(t.app, "unreachable-seer@example.com", PASSWORD);
    await enrolTotp(t.app, cookie, "unreachable-seer@example.com");
    const details = { kind: "mobile_money", institutionCode: "MTN", accountNumber: "0244123456" };
    const saved = await trpcMutation(
      t.app,
      "payouts.saveMethod",
      { ...details, accountName: "TEST ACCOUNT 3456", confirmName: true, currentPassword: PASSWORD },
      cookie,
    );
    expect(saved.statusCode).toBe(200);
    // Each check job asks again, with the same reference.
    for (let i = 0; i < MAX_PAYOUT_ATTEMPTS + 3; i++) {
      t.clock.set(new Date(NOW.getTime() + (i + 1) * 60_000));
      await t.app.jobs.runDue();
    }
    const [stuck] = await t.database.db.select().from(localPayouts).where(eq(localPayouts.seerId, seer.id));
    expect(stuck).toMatchObject({ status: "pending", attempts: MAX_PAYOUT_ATTEMPTS, message: UNREACHABLE });
    expect(asked).toHaveLength(MAX_PAYOUT_ATTEMPTS);
    expect(new Set(asked)).toEqual(new Set([stuck?.id]));

    await createUser(t.database.db, { role: "admin", email: "unreachable-admin@example.com" }, { password: "admin password 1" });
    const admin = await signIn(t.app, "unreachable-admin@example.com", "admin password 1");
    down = false;
    expect(
      trpcData<{ retried: boolean }>(await trpcMutation(t.app, "payouts.retry", { payoutId: stuck?.id }, admin)).retried,
    ).toBe(true);
    t.clock.set(new Date(NOW.getTime() + 60 * 60_000));
    await t.app.jobs.runDue();
    const paid = await t.database.db.select().from(localPayouts).where(eq(localPayouts.seerId, seer.id));
    expect(paid).toMatchObject([{ id: stuck?.id, status: "success", message: null }]);
    // Nothing left to retry.
    expect(
      trpcData<{ retried: boolean }>(await trpcMutation(t.app, "payouts.retry", { payoutId: stuck?.id }, admin)).retried,
    ).toBe(false);
  });
});
