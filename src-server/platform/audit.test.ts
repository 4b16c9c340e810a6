import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { adminAudit } from "../../db/schema";
import { createUser } from "../../db/seed/factories";
import { createTestDatabase } from "../test/database";
import { recordAdminAction, REDACTED, redacted, type AdminActor } from "./audit";
import { csvCell, toCsv } from "./csv";

let database: Database;
let actor: AdminActor;
beforeAll(async () => {
  database = await createTestDatabase();
  const admin = await createUser(database.db, { role: "admin" });
  actor = { id: admin.id, email: admin.email, action: "orders.refund", requestId: "req-1", at: new Date("2026-11-27T10:00:00Z") };
});
afterAll(async () => {
  await database.close();
});

describe("recordAdminAction", () => {
  it("commits with the action's transaction, and leaves nothing when that transaction fails", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAdminAction(tx, actor, { targetKind: "order", targetId: "order-rolled-back", change: {} });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await database.db.select().from(adminAudit).where(eq(adminAudit.targetId, "order-rolled-back"))).toEqual([]);

    await database.db.transaction((tx) =>
      recordAdminAction(tx, actor, { targetKind: "order", targetId: "order-kept", change: { reason: "Broken" } }),
    );
    const rows = await database.db.select().from(adminAudit).where(eq(adminAudit.targetId, "order-kept"));
    expect(rows).toEqual([
      expect.objectContaining({ actorId: actor.id, action: "orders.refund", requestId: "req-1", createdAt: actor.at }),
    ]);
  });

  it("never stores a secret: passwords, tokens and keys are redacted at any depth", async () => {
    const change = { password: "hunter2", nested: { resetToken: "abc", list: [{ apiKey: "k", note: "kept" }] }, reason: "ok" };
    expect(redacted(change)).toEqual({
      password: REDACTED,
      nested: { resetToken: REDACTED, list: [{ apiKey: REDACTED, note: "kept" }] },
      reason: "ok",
    });
    await recordAdminAction(database.db, actor, { targetKind: "user", targetId: "user-secret", change });
    const [row] = await database.db.select().from(adminAudit).where(eq(adminAudit.targetId, "user-secret"));
    expect(JSON.stringify(row?.change)).not.toMatch(/hunter2|abc|"k"/);
  });
});

describe("CSV cells", () => {
  it("quotes every cell, doubles quotes and defuses what a spreadsheet would run as a formula", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b\nc")).toBe('"a,b\nc"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    expect(csvCell(null)).toBe('""');
    expect(toCsv(["a", "b"], [["1", null]])).toBe('"a","b"\r\n"1",""\r\n');
  });
});
