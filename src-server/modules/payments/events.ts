import { eq, sql } from "drizzle-orm";
import { statement, type Db } from "../../../db/client";
import { paymentEvents } from "../../../db/schema";
import { isAppError } from "../../../src/errors";
import type { WarnLog } from "../../platform/database";
import type { DuplicateCharge } from "../../platform/payments/local-charges";
import type { PaymentIntent, PaymentWebhookEvent, RecordEvent } from "../../platform/payments/provider";

/** What one kind of purchase (metadata.kind: "booking", "order") does when its payment succeeds or fails. */
export interface PaymentKindHandlers {
  /** `log` is the logger of the request that delivered the event (a webhook, the test card form). */
  succeeded?: (intent: PaymentIntent, log: WarnLog | undefined, record: RecordEvent) => Promise<unknown>;
  failed?: (intent: PaymentIntent) => Promise<unknown>;
  /** The refunds of a payment changed (made here or elsewhere); a kind that does not own the payment ignores it. */
  refunded?: (paymentIntentId: string) => Promise<unknown>;
}

export type PaymentEventOutcome = "processed" | "duplicate" | "ignored" | "rejected";

/**
 * The webhook's handler map, keyed by event type, routing payment intents by metadata.kind.
 * Another purchase kind plugs in with one line: `services.paymentEvents.register("order", { succeeded, failed })`.
 */
export function createPaymentEvents({ db, provider }: { db: Db; provider: string }) {
  const kinds = new Map<string, PaymentKindHandlers>();
  // Run for every payment: built once.
  const seenEvent = db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, sql.placeholder("id")))
    .limit(1)
    .prepare("payment_event_seen");
  const storeEvent = statement((q) =>
    q
      .insert(paymentEvents)
      .values({ id: sql.placeholder("id"), provider, type: sql.placeholder("type"), payload: sql.placeholder("payload") })
      .onConflictDoNothing()
      .prepare("store_payment_event"),
  );

  function register(kind: string, handlers: PaymentKindHandlers): void {
    kinds.set(kind, handlers);
  }

  // Seer payouts: a connected account's state changed, or one of our transfers was reversed.
  const accountHandlers: ((accountId: string) => Promise<unknown>)[] = [];
  const transferHandlers: ((transferId: string) => Promise<unknown>)[] = [];
  function onAccountUpdated(handler: (accountId: string) => Promise<unknown>): void {
    accountHandlers.push(handler);
  }
  function onTransferChanged(handler: (transferId: string) => Promise<unknown>): void {
    transferHandlers.push(handler);
  }
  const accountChanged = async (event: PaymentWebhookEvent) => {
    if (event.accountId) for (const handler of accountHandlers) await handler(event.accountId);
  };
  const transferChanged = async (event: PaymentWebhookEvent) => {
    if (event.transferId) for (const handler of transferHandlers) await handler(event.transferId);
  };

  // A local charge paid twice: its second success and the refund that gives it back (the ledger records both).
  const duplicateHandlers: ((duplicate: DuplicateCharge) => Promise<unknown>)[] = [];
  function onDuplicateCharge(handler: (duplicate: DuplicateCharge) => Promise<unknown>): void {
    duplicateHandlers.push(handler);
  }
  async function duplicateCharged(duplicate: DuplicateCharge): Promise<void> {
    for (const handler of duplicateHandlers) await handler(duplicate);
  }

  const handlerFor = (intent: PaymentIntent | null) => (intent ? kinds.get(intent.metadata.kind ?? "booking") : undefined);

  const refundsChanged = async (event: PaymentWebhookEvent) => {
    const id = event.refundedPaymentIntentId;
    if (!id) return;
    for (const handlers of kinds.values()) await handlers.refunded?.(id);
  };

  const byType: Record<string, (event: PaymentWebhookEvent, log: WarnLog | undefined, record: RecordEvent) => Promise<unknown>> =
    {
      "charge.refunded": refundsChanged,
      "refund.created": refundsChanged,
      "refund.updated": refundsChanged,
      "refund.failed": refundsChanged,
      "account.updated": accountChanged,
      "transfer.reversed": transferChanged,
      "transfer.updated": transferChanged,
      "payment_intent.succeeded": async (event, log, record) =>
        handlerFor(event.paymentIntent)?.succeeded?.(event.paymentIntent as PaymentIntent, log, record),
      "payment_intent.payment_failed": async (event) =>
        handlerFor(event.paymentIntent)?.failed?.(event.paymentIntent as PaymentIntent),
    };

  /**
   * Handles a verified event once: an id already stored is acknowledged and skipped. The id is stored
   * when the handler succeeds (with its confirming transaction, through `RecordEvent`, or after it), so a delivery that
   * failed half-way is retried by the provider; the handlers themselves are idempotent, so a race between two deliveries changes nothing twice. `fresh`: the event was
   * made here a moment ago with a new id (the test card's), so it is not looked up first.
   */
  async function process(
    event: PaymentWebhookEvent,
    log?: WarnLog,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<PaymentEventOutcome> {
    // An event this process has just made (the test card's) cannot have been stored before.
    if (!fresh) {
      const [seen] = await seenEvent.execute({ id: event.id });
      if (seen) return "duplicate";
    }
    const handler = byType[event.type];
    let outcome: PaymentEventOutcome = handler ? "processed" : "ignored";
    const values = (outcome: PaymentEventOutcome) => ({
      id: event.id,
      type: event.type,
      payload: {
        outcome,
        paymentIntentId: event.paymentIntent?.id ?? event.refundedPaymentIntentId ?? null,
        kind: event.paymentIntent?.metadata.kind ?? null,
        ...(event.accountId ? { accountId: event.accountId } : {}),
        ...(event.transferId ? { transferId: event.transferId } : {}),
      },
    });
    let recorded = false;
    const record: RecordEvent = (tx) => {
      recorded = true;
      return storeEvent(tx, values("processed"));
    };
    if (handler) {
      try {
        await handler(event, log, record);
      } catch (error) {
        // What the handler sent with its transaction was rolled back with it.
        recorded = false;
        // A payment that does not match what it claims to pay for is refused for good, not retried.
        if (!isAppError(error)) throw error;
        outcome = "rejected";
      }
    }
    if (!recorded) await storeEvent(db, values(outcome));
    return outcome;
  }

  return { register, onAccountUpdated, onTransferChanged, onDuplicateCharge, duplicateCharged, process };
}
