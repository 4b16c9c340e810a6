import type { Db, Tx } from "../../../db/client";
import type { Currency } from "../../../src/domain/currencies";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { WarnLog } from "../../platform/database";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import type { PaymentProvider } from "../../platform/payments/provider";
import type { PushNotifier } from "../../platform/push";
import type { SmsOutbox } from "../../platform/sms";
import type { SeerLedger } from "./seer-figures";

export interface AttendanceReader {
  /** Whether the booking's client and whether its Seer ever joined its room; null when the room keeps no record. */
  whoJoined(bookingId: string): Promise<{ client: boolean; seer: boolean } | null>;
  /** Who was in the room and when, one line per connection (shown to admins beside a reported problem). */
  records?(bookingId: string): Promise<{ role: "client" | "seer"; joinedAt: Date; leftAt: Date | null }[]>;
}

/** A booking as its confirmation wrote it, handed to `onConfirmed` inside the confirming transaction. */
export interface NewlyConfirmedBooking {
  id: string;
  seerId: string;
  amount: string;
  /** The charge in the client's own currency, if not US dollars (issue #41): its minor units and rate. */
  chargeCurrency: Currency;
  chargeAmount: number | null;
  chargeRate: string | null;
  confirmedAt: Date;
}

/** What every booking operation is given: one object, built once by `createBookingService` (index.ts). */
export interface BookingDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobQueue;
  payments: PaymentProvider;
  config: Pick<Config, "publicUrl">;
  attendance?: AttendanceReader;
  /**
   * Runs in the transaction that confirms a booking (the ledger records its charge there), so that what it writes
   * exists exactly when the confirmation does, and goes out with the confirmation's other writes.
   */
  onConfirmed?: (booking: NewlyConfirmedBooking, tx: Tx) => Promise<unknown>;
  /** The payouts module's ledger, which a Seer's sessions and earnings read their money from. */
  seerLedger: SeerLedger;
  /**
   * Reads the Seer's own calendars now (issue #42), before a hold checks the schedule; never throws, and waits a few
   * seconds at most (a calendar that cannot be read keeps its last busy times).
   */
  refreshBusy?: (seerId: string) => Promise<void>;
  /** Web push to the client's and the Seer's devices (issue #44); none in tests that do not look. */
  push?: PushNotifier;
  /** SMS to those who confirmed a number and chose SMS: the confirmation and the 24-hour reminder (issue #44). */
  sms?: SmsOutbox;
  /** The app's logger; a call made for a request passes that request's logger instead. */
  log?: WarnLog;
}
