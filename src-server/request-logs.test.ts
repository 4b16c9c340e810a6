import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSeer, createUser } from "../db/seed/factories";
import { FakeClock } from "./platform/clock";
import type { TestPaymentProvider } from "./platform/payments/test-provider";
import { createTestApp, payForBooking, signIn, signUp, trpcMutation, type TestApp } from "./test/app";

/**
 * Every log line written while a request is served carries that request's id (issue #16), also the lines a service
 * writes deep inside it: they are written on the request's logger, never the app's.
 */
const NOW = new Date("2026-11-22T08:00:00Z");
const logged: string[] = [];
let t: TestApp;
let seerId: string;
let client: { cookie: string };
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW), logStream: { write: (line: string) => void logged.push(line) } });
  const seerUser = await createUser(t.database.db, { role: "seer", email: "seer-logs@example.com" });
  seerId = (await createSeer(t.database.db, { userId: seerUser.id, timezone: "UTC", price60Min: "80.00" })).id;
  await createUser(t.database.db, { role: "admin", email: "admin-logs@example.com" }, { password: "admin password 1" });
  adminCookie = await signIn(t.app, "admin-logs@example.com", "admin password 1");
  client = await signUp(t.app, { email: "client-logs@example.com" });
});
afterAll(async () => {
  await t.close();
});

const provider = () => t.app.services.payments.provider as TestPaymentProvider;
let day = 3;

async function paidBooking(): Promise<string> {
  const date = new Date(NOW.getTime() + day++ * 86_400_000).toISOString().slice(0, 10);
  const { bookingId } = await payForBooking(t.app, client.cookie, { seerId, scheduledDate: date });
  return bookingId;
}

/** The JSON log lines written while `send` ran, and the id its response was answered under. */
async function linesOf(send: () => Promise<LightMyRequestResponse>) {
  const from = logged.length;
  const response = await send();
  const lines = logged.slice(from).map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
  return { response, id: String(response.headers["x-request-id"]), lines };
}

describe("request ids in log lines", () => {
  it("puts the request's id on the line a cancellation writes when its refund is deferred to the job", async () => {
    const bookingId = await paidBooking();
    const refund = vi.spyOn(provider(), "refund").mockRejectedValue(new Error("the provider is unreachable"));
    try {
      const { response, id, lines } = await linesOf(() =>
        t.app.inject({
          method: "POST",
          url: "/trpc/bookings.cancel",
          headers: { "content-type": "application/json", cookie: client.cookie, "x-request-id": "cancel-trace-0001" },
          payload: JSON.stringify({ json: { bookingId } }),
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(refund).toHaveBeenCalled();
      expect(id).toBe("cancel-trace-0001");
      expect(lines.map((l) => l.msg)).toContain("refund deferred to its job");
      for (const line of lines) expect(line, JSON.stringify(line)).toMatchObject({ reqId: id });
    } finally {
      refund.mockRestore();
    }
  });

  it("does the same for an admin's cancellation", async () => {
    const bookingId = await paidBooking();
    const refund = vi.spyOn(provider(), "refund").mockRejectedValue(new Error("the provider is unreachable"));
    try {
      const { response, id, lines } = await linesOf(() =>
        trpcMutation(t.app, "bookings.adminCancel", { bookingId, refundAmount: "80.00", reason: "Seer unwell" }, adminCookie),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(lines.map((l) => l.msg)).toContain("refund deferred to its job");
      for (const line of lines) expect(line, JSON.stringify(line)).toMatchObject({ reqId: id });
    } finally {
      refund.mockRestore();
    }
  });
});
