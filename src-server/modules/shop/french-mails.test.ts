import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { createProduct } from "../../../db/seed/factories";
import { backOfficeTestKit } from "../../test/shop";
import { trpcMutation, type TestApp } from "../../test/app";

// Issue #45: a French shopper's mails about their order are French, with French money and links to the French pages.

const kit = backOfficeTestKit();
const { db, paidOrder } = kit;
let t: TestApp;
let adminCookie: string;
beforeAll(() => void ({ t, adminCookie } = kit.get()));

describe("a French shopper's order mails", () => {
  it("are written in their account's language, read with the order", async () => {
    const drum = await createProduct(db(), { name: "Talking Drum", price: "1234.50", stockQuantity: 3 });
    const email = "ama-fr@example.com";
    const { orderId } = await paidOrder([{ product: drum, quantity: 1 }], email);
    await db().update(users).set({ locale: "fr" }).where(eq(users.email, email));
    const ship = await trpcMutation(
      t.app,
      "orders.ship",
      { orderId, carrier: "DHL", trackingNumber: "JD014600003SE" },
      adminCookie,
    );
    expect(ship.statusCode).toBe(200);
    expect((await trpcMutation(t.app, "orders.deliver", { orderId }, adminCookie)).statusCode).toBe(200);
    const refund = await trpcMutation(t.app, "orders.refund", { orderId, reason: "Damaged" }, adminCookie);
    expect(refund.statusCode, refund.body).toBe(200);
    await t.app.jobs.runDue();
    const mine = t.mailer.sent.filter((m) => m.to === email);
    // The receipt went out in English, when the account was English.
    expect(mine.filter((m) => m.subject.startsWith("Your Sacred Market order"))).toHaveLength(1);
    const shipped = mine.find((m) => m.subject.endsWith("a été expédiée"));
    expect(shipped?.subject).toMatch(/^Votre commande .* au Marché sacré a été expédiée$/);
    expect(shipped?.text).toContain("Suivez votre colis\u00a0: https://www.dhl.com/");
    expect(shipped?.text).toMatch(/Votre commande\u00a0: https?:\/\/[^/]+\/fr\/profile$/m);
    const delivered = mine.find((m) => m.subject.endsWith("a été livrée"));
    expect(delivered?.text).toContain("Vous pouvez demander un retour dans les 7 jours suivant la livraison");
    expect(delivered?.text).toMatch(/\/fr\/profile$/m);
    const refunded = mine.find((m) => m.subject.startsWith("Un remboursement pour votre commande"));
    expect(refunded?.text).toContain("Nous vous remboursons 1\u202f244,50\u00a0$ sur votre carte");
    expect(refunded?.text).toContain("Motif\u00a0: Damaged");
  });
});
