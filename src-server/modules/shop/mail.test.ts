import { describe, expect, it } from "vitest";
import { cents } from "../../../src/domain/money";
import type { OrderRow } from "./order-rows";
import { deliveredMail, lowStockMail, receiptMail, refundMail, returnMail, RETURN_RECEIVED, shippedMail } from "./mail";

// Issue #45: the shop's and the low-stock mails in English as before, and in French (the vendors' and the contact
// form's are tested beside them).

const URL = "https://seer.example";
const order = {
  id: "o1",
  userId: "u1",
  orderNumber: "SM-1001",
  items: [{ productId: "p1", productName: "Talking Drum", quantity: 2, price: "1234.50" }],
  subtotal: "2469.00",
  shippingCost: "10.00",
  total: "2479.00",
  chargeCurrency: "USD",
  chargeAmount: null,
  chargeRate: null,
  shippingName: "Ama Mensah",
  shippingEmail: "ama@example.com",
  shippingPhone: "+233 20 000 0000",
  shippingAddress: "12 Palm Street\nAccra",
  shippingMethod: "standard",
  status: "paid",
  paymentIntentId: "pi_1",
} as unknown as OrderRow;

describe("the shop's mails", () => {
  it("read in English exactly as before when no language is given", () => {
    const receipt = receiptMail(order);
    expect(receipt.subject).toBe("Your Sacred Market order SM-1001");
    expect(receipt.text).toBe(
      [
        "Thank you for your order, Ama Mensah!",
        "",
        "Order number: SM-1001",
        "",
        "Items:",
        "  Talking Drum x 2: $2,469.00",
        "",
        "Subtotal: $2,469.00",
        "Shipping (Standard Shipping ($10)): $10.00",
        "Total: $2,479.00",
        "",
        "Shipping to:",
        "Ama Mensah",
        "12 Palm Street\nAccra",
        "Phone: +233 20 000 0000",
        "Shipping method: Standard Shipping ($10)",
        "",
        "Your order will typically ship within 2-3 business days. We will send you the tracking details once it is on its way.",
      ].join("\n"),
    );
    expect(shippedMail(order, null, URL).text).toBe(
      "Good news, Ama Mensah: your order SM-1001 is on its way.\n\nYour order: https://seer.example/profile",
    );
    expect(returnMail(order, { step: "declined", note: "Worn" }, URL)).toMatchObject({
      subject: "Your return for order SM-1001 was declined",
      text: "Dear Ama Mensah,\n\nReason: Worn\n\nYour orders: https://seer.example/profile",
    });
    expect(lowStockMail("a@example.com", [{ name: "Beads", stockQuantity: 0, lowStockThreshold: 5 }], URL)).toMatchObject({
      subject: "Low stock: 1 product",
      text: "These products are low on stock or sold out:\n\n  Beads: out of stock (threshold 5)\n\nRestock them from the admin console: https://seer.example/admin?tab=products",
    });
  });

  it("are written in French for a French reader: texts, money and links", () => {
    const receipt = receiptMail(order, "fr");
    expect(receipt.subject).toBe("Votre commande SM-1001 au Marché sacré");
    expect(receipt.text).toContain("Merci pour votre commande, Ama Mensah\u00a0!");
    expect(receipt.text).toContain("  Talking Drum x 2\u00a0: 2\u202f469,00\u00a0$");
    expect(receipt.text).toContain("Livraison (Livraison standard (10\u00a0$))\u00a0: 10,00\u00a0$");
    expect(receipt.text).toContain("Total\u00a0: 2\u202f479,00\u00a0$");
    const shipped = shippedMail(order, "https://carrier.example/track?id=1", URL, "fr");
    expect(shipped.subject).toBe("Votre commande SM-1001 au Marché sacré a été expédiée");
    expect(shipped.text).toContain("Suivez votre colis\u00a0: https://carrier.example/track?id=1");
    expect(shipped.text).toContain("Votre commande\u00a0: https://seer.example/fr/profile");
    expect(deliveredMail(order, URL, "fr").text).toContain("\nhttps://seer.example/fr/profile");
    const refund = refundMail(
      order,
      cents(123450),
      [{ productId: "p1", productName: "Talking Drum", quantity: 1, amount: "1234.50" }],
      RETURN_RECEIVED,
      "fr",
    );
    expect(refund.text).toContain(
      "Nous vous remboursons 1\u202f234,50\u00a0$ sur votre carte pour la commande SM-1001, Ama Mensah.",
    );
    expect(refund.text).toContain("Motif\u00a0: Retour reçu");
    const accepted = returnMail(order, { step: "accepted" }, URL, "fr");
    expect(accepted.subject).toBe("Votre retour pour la commande SM-1001 est accepté");
    expect(accepted.text).toContain("Vos commandes\u00a0: https://seer.example/fr/profile");
    const low = lowStockMail(
      "a@example.com",
      [
        { name: "Beads", stockQuantity: 2, lowStockThreshold: 5 },
        { name: "Oil", stockQuantity: 0, lowStockThreshold: 3 },
      ],
      URL,
      "fr",
    );
    expect(low.subject).toBe("Stock bas\u00a0: 2 produits");
    expect(low.text).toContain("  Beads\u00a0: 2 restants (seuil 5)");
    expect(low.text).toContain("https://seer.example/fr/admin?tab=products");
  });
});
