import { beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_IT_IS_YOU } from "../../../src/domain/second-factor";
import { trpcData, trpcError, trpcMutation, type TestApp } from "../../test/app";
import { lifecycleTestKit } from "./test-kit";

const MINUTE = 60_000;
const kit = lifecycleTestKit();
let t: TestApp;
let adminCookie: string;
beforeAll(() => void ({ t, adminCookie } = kit.get()));

describe("an admin's refund asks for a fresh confirmation (issue #47)", () => {
  it("is refused 11 minutes after the last confirmation, changing nothing, and goes through once the admin confirms", async () => {
    const { bookingId } = await kit.paidBooking();
    const cancel = () =>
      trpcMutation(t.app, "bookings.adminCancel", { bookingId, refundAmount: "30.00", reason: "Dispute settled" }, adminCookie);
    t.clock.advance(11 * MINUTE);
    const stale = await cancel();
    expect(stale.statusCode).toBe(403);
    expect(trpcError(stale).message).toBe(CONFIRM_IT_IS_YOU);
    expect((await kit.row(bookingId))?.status).toBe("confirmed");

    const wrong = await trpcMutation(t.app, "account.confirm", { password: "not the password" }, adminCookie);
    expect(wrong.statusCode).toBe(400);
    expect((await cancel()).statusCode).toBe(403);

    expect(trpcData(await trpcMutation(t.app, "account.confirm", { password: "admin password 1" }, adminCookie))).toEqual({ ok: true });
    const done = await cancel();
    expect(trpcData(done)).toMatchObject({ refundAmount: "30.00" });
    expect((await kit.row(bookingId))?.status).toBe("cancelled");
  });

  it("counts a confirmation for 10 minutes, not longer", async () => {
    const { bookingId } = await kit.paidBooking();
    expect((await trpcMutation(t.app, "account.confirm", { password: "admin password 1" }, adminCookie)).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE + 1000);
    const late = await trpcMutation(t.app, "bookings.adminCancel", { bookingId, refundAmount: "10.00", reason: "Late" }, adminCookie);
    expect(trpcError(late).message).toBe(CONFIRM_IT_IS_YOU);
  });
});
