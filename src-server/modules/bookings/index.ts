import { adminCancel, cancel, cancellationQuote, defineRefundJob, syncRefunds } from "./cancel";
import { applySucceededIntent, confirmPayment } from "./confirm";
import type { BookingDeps } from "./deps";
import { answerDispute, decideDispute, dispute, openDisputes, reportProblem } from "./disputes";
import { applyFailedIntent, defineExpireHoldsJob, expireHolds, releaseHolds } from "./expire";
import { createPaymentIntent } from "./hold";
import { byId, calendar, mine, notOfferedSlots, takenSlots } from "./queries";
import { defineBookingPushJobs } from "./push";
import { defineReminderJob, scheduleReminder } from "./reminder";
import { proposeReschedule, reschedule, respondToProposal } from "./reschedule";
import { createReviewService } from "./reviews";
import { seerEarnings } from "./seer-earnings";
import { seerSessions } from "./seer-sessions";
import { CLIENT_SESSIONS_LIMIT, clientSessions } from "./sessions";
import { defineSettleJob, settleEnded } from "./settle";

export { bookingsRouter } from "./router";
export { registerBookingRoutes } from "./rest";
// A charge in the client's own currency (issue #41): orders are charged, refunded and valued as bookings are.
export {
  chargeOf,
  localCharge,
  localChargeOf,
  localRefundAsk,
  providerCurrency,
  refundBookCents,
  type LocalCharge,
  type LocalChargeOf,
} from "./charge";
// The reads other modules show: a domain owns its reads.
export { MEETING_NOT_FOUND_MESSAGE } from "./messages";
// A person's calendar feed (the calendars module serves it).
export { bookingsFeed } from "./feed";
export { clientBookingData, forgetClientWords, seerHasUpcomingSession } from "./personal-data";
export { roomBooking } from "./room-booking";
export {
  bookingCounts,
  bookingMoneyQuery,
  bookingOfPayment,
  bookingRefundsQuery,
  bookingsBehindLedger,
  PAID_BOOKING_STATUSES,
  recentBookings,
} from "./figures";
// A booking whose reported problem is open does not settle, and its Seer is not paid for it (issue #43).
export { openlyDisputed } from "./disputes";

type Rest<F> = F extends (deps: BookingDeps, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/** Binds an operation (a function of the module's dependencies first) to this service's dependencies. */
function bind<F extends (deps: BookingDeps, ...rest: never[]) => unknown>(deps: BookingDeps, operation: F): Rest<F> {
  return ((...rest: never[]) => operation(deps, ...rest)) as Rest<F>;
}

/**
 * The bookings service: each operation lives in the file named by what it does (one tRPC key, one file, one
 * function: `bookings.cancel` is `cancel` in cancel.ts), all bound here to the same dependencies, and the jobs they
 * schedule are defined beside their handlers.
 */
export function createBookingService(deps: BookingDeps) {
  defineReminderJob(deps);
  defineBookingPushJobs(deps);
  defineRefundJob(deps);
  defineSettleJob(deps);
  defineExpireHoldsJob(deps);
  return {
    // hold.ts, confirm.ts: paying for a session
    createPaymentIntent: bind(deps, createPaymentIntent),
    confirmPayment: bind(deps, confirmPayment),
    applySucceededIntent: bind(deps, applySucceededIntent),
    applyFailedIntent: bind(deps, applyFailedIntent),
    expireHolds: bind(deps, expireHolds),
    releaseHolds: bind(deps, releaseHolds),
    // queries.ts
    byId: bind(deps, byId),
    mine: bind(deps, mine),
    calendar: bind(deps, calendar),
    takenSlots: bind(deps, takenSlots),
    notOfferedSlots: bind(deps, notOfferedSlots),
    // sessions.ts, seer-sessions.ts, seer-earnings.ts: the lists a booking's change refreshes, and the Seer's money
    clientSessions: (userId: string) => clientSessions(deps, userId, CLIENT_SESSIONS_LIMIT),
    seerSessions: bind(deps, seerSessions),
    seerEarnings: bind(deps, seerEarnings),
    // cancel.ts: cancelling, and the refunds it starts
    cancellationQuote: bind(deps, cancellationQuote),
    cancel: bind(deps, cancel),
    adminCancel: bind(deps, adminCancel),
    syncRefunds: bind(deps, syncRefunds),
    // reschedule.ts, reminder.ts, settle.ts
    reschedule: bind(deps, reschedule),
    proposeReschedule: bind(deps, proposeReschedule),
    respondToProposal: bind(deps, respondToProposal),
    scheduleReminder: bind(deps, scheduleReminder),
    settleEnded: bind(deps, settleEnded),
    // reviews.ts
    ...createReviewService(deps),
    // disputes.ts: a reported problem, the Seer's answer, the admins' queue and decisions (issue #43)
    reportProblem: bind(deps, reportProblem),
    dispute: bind(deps, dispute),
    answerDispute: bind(deps, answerDispute),
    openDisputes: bind(deps, openDisputes),
    decideDispute: bind(deps, decideDispute),
  };
}
