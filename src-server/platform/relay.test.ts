import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../test/database";
import { jobDatabaseOf } from "./jobs";
import { createRelay, type Relay } from "./relay";

describe("the relay", () => {
  let database: Database;
  let relay: Relay;
  beforeAll(async () => {
    database = await createTestDatabase();
    relay = createRelay(jobDatabaseOf(database), database.db);
  });
  afterAll(async () => {
    await relay.close();
    await database.close();
  });

  it("delivers a channel's messages in the order they were published, a stored large one included", async () => {
    const received: string[] = [];
    let resolve = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    await relay.subscribe("relay_order_test", (message) => {
      received.push(message);
      if (received.length === 4) resolve();
    });
    // A description too large for NOTIFY, then the small candidates sent right after it: a call's offer and its ICE.
    const large = `offer ${"a=x\r\n".repeat(3000)}`;
    await relay.publish("relay_order_test", large);
    await relay.publish("relay_order_test", "candidate 1");
    await relay.publish("relay_order_test", "candidate 2");
    await relay.publish("relay_order_test", "candidate 3");
    await done;
    expect(received.map((m) => m.slice(0, 11))).toEqual(["offer a=x\r\n", "candidate 1", "candidate 2", "candidate 3"]);
  });
});
