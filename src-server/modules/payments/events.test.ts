import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { sql } from "drizzle-orm";
import { rows } from "../../../db/migrate";
import { paymentEvents, sentEmails } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { createTestDatabase } from "../../test/database";
import { createPaymentEvents } from "./events";
import type { PaymentIntent } from "../../platform/payments/provider";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const intent = (kind: string, id = "pi_1"): PaymentIntent => ({
  id,
  clientSecret: `${id}_secret`,
  amount: 1000,
  currency: "usd",
  status: "succeeded",
  metadata: { kind },
  lastError: null,
});

describe("payment event routing", () => {
  it("routes by event type and metadata.kind, once per event id, and lets another kind plug in with one line", async () => {
    const events = createPaymentEvents({ db: database.db, provider: "test" });
    const seen: string[] = [];
    events.register("booking", { succeeded: async (pi) => seen.push(`booking:${pi.id}`) });
    events.register("order", {
      succeeded: async (pi) => seen.push(`order:${pi.id}`),
      failed: async (pi) => seen.push(`order-failed:${pi.id}`),
    });

    expect(await events.process({ id: "evt_a", type: "payment_intent.succeeded", paymentIntent: intent("order", "pi_o") })).toBe(
      "processed",
    );
    expect(await events.process({ id: "evt_a", type: "payment_intent.succeeded", paymentIntent: intent("order", "pi_o") })).toBe(
      "duplicate",
    );
    expect(
      await events.process({ id: "evt_b", type: "payment_intent.payment_failed", paymentIntent: intent("order", "pi_o") }),
    ).toBe("processed");
    expect(
      await events.process({ id: "evt_c", type: "payment_intent.succeeded", paymentIntent: intent("booking", "pi_b") }),
    ).toBe("processed");
    expect(await events.process({ id: "evt_d", type: "customer.created", paymentIntent: null })).toBe("ignored");
    expect(seen).toEqual(["order:pi_o", "order-failed:pi_o", "booking:pi_b"]);
    expect((await database.db.select().from(paymentEvents)).map((e) => e.id).sort()).toEqual([
      "evt_a",
      "evt_b",
      "evt_c",
      "evt_d",
    ]);
  });

  it("records a refused payment as rejected, but leaves an unexpected failure unrecorded so the provider retries", async () => {
    const events = createPaymentEvents({ db: database.db, provider: "test" });
    let calls = 0;
    events.register("booking", {
      succeeded: async (pi) => {
        calls++;
        if (pi.id === "pi_mismatch") throw new AppError("BAD_REQUEST", "This payment does not match the booking.");
        if (calls < 3) throw new Error("database went away");
      },
    });
    expect(
      await events.process({
        id: "evt_mismatch",
        type: "payment_intent.succeeded",
        paymentIntent: intent("booking", "pi_mismatch"),
      }),
    ).toBe("rejected");
    await expect(
      events.process({ id: "evt_retry", type: "payment_intent.succeeded", paymentIntent: intent("booking", "pi_ok") }),
    ).rejects.toThrow("database went away");
    expect(
      await events.process({ id: "evt_retry", type: "payment_intent.succeeded", paymentIntent: intent("booking", "pi_ok") }),
    ).toBe("processed");
  });

  it("stores the event with the handler's transaction when the handler sends it there, and after it otherwise", async () => {
    const events = createPaymentEvents({ db: database.db, provider: "test" });
    events.register("booking", {
      succeeded: async (pi, _log, record) => {
        if (pi.id === "pi_plain") return;
        await database.db.transaction(async (tx) => {
          await tx.insert(sentEmails).values({ key: `events-test:${pi.id}`, recipient: "nobody" });
          await record(tx);
          if (pi.id === "pi_refused") throw new AppError("CONFLICT", "Too late.");
        });
      },
    });
    const deliver = (id: string, pi: string) =>
      events.process({ id, type: "payment_intent.succeeded", paymentIntent: intent("booking", pi) });
    expect(await deliver("evt_tx", "pi_tx")).toBe("processed");
    expect(await deliver("evt_plain", "pi_plain")).toBe("processed");
    // Its transaction rolled back with the record in it: stored after, as refused.
    expect(await deliver("evt_refused", "pi_refused")).toBe("rejected");
    const writer = async (table: "payment_events" | "sent_emails", column: "id" | "key", value: string) =>
      rows<{ x: string; outcome?: string }>(
        await database.db.execute(
          sql`select xmin::text as x, ${table === "payment_events" ? sql`payload->>'outcome'` : sql`null`} as outcome from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
        ),
      );
    const [stored] = await writer("payment_events", "id", "evt_tx");
    const [mail] = await writer("sent_emails", "key", "events-test:pi_tx");
    expect(stored?.outcome).toBe("processed");
    expect(stored?.x).toBe(mail?.x);
    expect((await writer("payment_events", "id", "evt_plain"))[0]?.outcome).toBe("processed");
    expect((await writer("payment_events", "id", "evt_refused"))[0]?.outcome).toBe("rejected");
    expect(await writer("sent_emails", "key", "events-test:pi_refused")).toEqual([]);
  });
});
