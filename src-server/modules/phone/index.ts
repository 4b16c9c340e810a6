import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import type { SmsOutbox } from "../../platform/sms";
import { createThrottle } from "../../platform/throttle";
import type { SessionUser } from "../../platform/trpc/context";
import { chooseSms, confirmCode, phoneStatus, removePhone, sendCode, type PhoneDeps } from "./numbers";

export { phoneRouter } from "./router";
export { forgetPhone, phoneData } from "./personal-data";

/**
 * A person's phone number for SMS (issue #44): entered with its country on /profile, confirmed by a 6-digit code sent
 * by SMS, and the choice of confirmations and reminders by SMS. The texts themselves go through the SMS outbox
 * (platform/sms.ts), which the bookings module is given too.
 */
export function createPhoneService(base: { db: Db; clock: Clock; sms: SmsOutbox; secretKey: string }) {
  const deps: PhoneDeps = { ...base, throttle: createThrottle(base.db, base.clock) };
  return {
    status: (user: SessionUser) => phoneStatus(deps, user),
    sendCode: (user: SessionUser, input: Parameters<typeof sendCode>[2]) => sendCode(deps, user, input),
    confirm: (user: SessionUser, input: Parameters<typeof confirmCode>[2]) => confirmCode(deps, user, input),
    setSms: (user: SessionUser, enabled: boolean) => chooseSms(deps, user, enabled),
    remove: (user: SessionUser) => removePhone(deps, user),
  };
}
