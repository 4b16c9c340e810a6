import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../../db/schema";
import { pushTexts } from "../../../src/schemas/push";
import { trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { LIFECYCLE_NOW, lifecycleTestKit } from "./test-kit";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const kit = lifecycleTestKit();
const { row, paidBooking } = kit;
let t: TestApp;
let client: { cookie: string; email: string };
let stranger: { cookie: string; email: string };
let seerCookie: string;
beforeAll(() => void ({ t, client, stranger, seerCookie } = kit.get()));

/** A fake push service on 127.0.0.1: records every request; paths under /gone/ answer 410, the rest 201. */
interface Received {
  path: string;
  encoding: string | undefined;
  authorization: string | undefined;
  ttl: string | undefined;
  bytes: number;
}
const received: Received[] = [];
let pushService: Server;
let origin = "";
beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        encoding: req.headers["content-encoding"],
        authorization: req.headers.authorization,
        ttl: req.headers.ttl as string | undefined,
        bytes: Buffer.concat(chunks).length,
      });
      res.writeHead(req.url?.startsWith("/gone/") ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

/** A browser's subscription: a real P-256 key and auth secret, as PushSubscription.toJSON() gives them. */
const subscription = (path: string) => ({
  endpoint: `${origin}${path}`,
  keys: { p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  device: "Chrome on Android",
});

/** Runs jobs until none is due (a job's notification queues each device's send as a job of its own). */
async function settle() {
  for (let i = 0; i < 6 && (await t.app.jobs.runDue()) > 0; i++);
}
const to = (path: string) => received.filter((r) => r.path === path);

describe("web push (issue #44)", () => {
  it("sends a client who opted in exactly one push for the confirmation, both reminders and the cancellation; a 410 removes the device", async () => {
    const device = trpcData<{ id: string }>(
      await trpcMutation(t.app, "push.subscribe", subscription("/device/a"), client.cookie),
    );
    // Opting in again from the same browser is the same device.
    const again = trpcData<{ id: string }>(await trpcMutation(t.app, "push.subscribe", subscription("/device/a"), client.cookie));
    expect(again.id).toBe(device.id);
    const gone = trpcData<{ id: string }>(await trpcMutation(t.app, "push.subscribe", subscription("/gone/b"), client.cookie));

    const { bookingId } = await paidBooking();
    await settle();
    // The confirmation: once to each device; the gone one answered 410 and is forgotten.
    expect(to("/device/a")).toHaveLength(1);
    expect(to("/gone/b")).toHaveLength(1);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id))).toEqual([]);
    const [first] = to("/device/a");
    expect(first?.encoding).toBe("aes128gcm");
    expect(first?.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(first?.ttl).toBe("86400");
    expect(first?.bytes).toBeGreaterThan(100);

    const startsAt = (await row(bookingId))?.startsAt.getTime() ?? 0;
    // 24 hours before: one more.
    t.clock.set(new Date(startsAt - DAY - MINUTE));
    await settle();
    expect(to("/device/a")).toHaveLength(1);
    t.clock.set(new Date(startsAt - DAY + MINUTE));
    await settle();
    expect(to("/device/a")).toHaveLength(2);
    // 10 minutes before: one more (with Join).
    t.clock.set(new Date(startsAt - 10 * MINUTE + MINUTE));
    await settle();
    await settle();
    expect(to("/device/a")).toHaveLength(3);
    // Cancelled: one more, and nothing ever again for this booking.
    const cancelled = await trpcMutation(t.app, "bookings.cancel", { bookingId }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle();
    expect(to("/device/a")).toHaveLength(4);
    t.clock.set(new Date(startsAt + DAY));
    await settle();
    expect(to("/device/a")).toHaveLength(4);
    expect(to("/gone/b")).toHaveLength(1);
    t.clock.set(LIFECYCLE_NOW);
  });

  it("tells the reader's devices of a message still unread after 10 minutes, as the unread mail does", async () => {
    trpcData(await trpcMutation(t.app, "push.subscribe", subscription("/device/e"), client.cookie));
    const { bookingId } = await paidBooking();
    await settle();
    const confirmation = to("/device/e").length;
    const sent = await trpcMutation(t.app, "messages.send", { bookingId, text: "Please bring your questions" }, seerCookie);
    expect(sent.statusCode, sent.body).toBe(200);
    t.clock.advance(11 * MINUTE);
    await settle();
    expect(to("/device/e")).toHaveLength(confirmation + 1);
    // A second message within the hour: no second notice (nor mail).
    await trpcMutation(t.app, "messages.send", { bookingId, text: "And a photo if you can" }, seerCookie);
    t.clock.advance(11 * MINUTE);
    await settle();
    expect(to("/device/e")).toHaveLength(confirmation + 1);
    t.clock.set(LIFECYCLE_NOW);
  });

  it("lists only a person's own devices, and another person's device answers as a missing one", async () => {
    const mine = trpcData<{ id: string }>(await trpcMutation(t.app, "push.subscribe", subscription("/device/c"), client.cookie));
    const theirs = trpcData<{ id: string; device: string | null }[]>(
      await trpcQuery(t.app, "push.devices", undefined, stranger.cookie),
    );
    expect(theirs.map((d) => d.id)).not.toContain(mine.id);
    const refused = await trpcMutation(t.app, "push.unsubscribe", { id: mine.id }, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(trpcError(refused).message).toBe(pushTexts.notFound);
    const own = trpcData<{ id: string }[]>(await trpcQuery(t.app, "push.devices", undefined, client.cookie));
    expect(own.map((d) => d.id)).toContain(mine.id);
    // The owner turns it off; a second time it is missing.
    expect((await trpcMutation(t.app, "push.unsubscribe", { id: mine.id }, client.cookie)).statusCode).toBe(200);
    expect((await trpcMutation(t.app, "push.unsubscribe", { id: mine.id }, client.cookie)).statusCode).toBe(404);
  });

  it("refuses a subscription that is not one, and changes nothing", async () => {
    const before = await t.database.db.select().from(pushSubscriptions);
    const bad = await trpcMutation(
      t.app,
      "push.subscribe",
      { endpoint: `${origin}/x`, keys: { p256dh: "short", auth: "x" } },
      client.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(trpcError(bad).message).toContain(pushTexts.subscription);
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual(before);
    expect((await trpcMutation(t.app, "push.subscribe", subscription("/device/d"))).statusCode).toBe(401);
  });
});
