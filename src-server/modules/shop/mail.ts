import { formatMoney, formatPaid, type Cents } from "../../../src/domain/money";
import type { RefundLine } from "../../../src/domain/orders";
import { lineTotal, SHIPPING_LABEL } from "../../../src/domain/shipping";
import type { MailMessage } from "../../platform/mail";
import { ORDER_CURRENCY, type OrderRow } from "./order-rows";

/** The shop's e-mails to shoppers and admins; each operation queues its own through the outbox. */

type Addressee = { shippingEmail: string; shippingName: string; orderNumber: string };

const money = (amount: string | Cents) => formatMoney(amount, ORDER_CURRENCY);

export function receiptMail(order: OrderRow): MailMessage {
  const items = order.items.map((item) => `  ${item.productName} x ${item.quantity}: ${money(lineTotal(item))}`);
  const text = [
    `Thank you for your order, ${order.shippingName}!`,
    "",
    `Order number: ${order.orderNumber}`,
    "",
    "Items:",
    ...items,
    "",
    `Subtotal: ${money(order.subtotal)}`,
    `Shipping (${SHIPPING_LABEL[order.shippingMethod]}): ${money(order.shippingCost)}`,
    `Total: ${formatPaid(order.total, { currency: order.chargeCurrency, amount: order.chargeAmount })}`,
    "",
    "Shipping to:",
    order.shippingName,
    order.shippingAddress,
    `Phone: ${order.shippingPhone}`,
    `Shipping method: ${SHIPPING_LABEL[order.shippingMethod]}`,
    "",
    "Your order will typically ship within 2-3 business days. We will send you the tracking details once it is on its way.",
  ].join("\n");
  return { to: order.shippingEmail, subject: `Your Sacred Market order ${order.orderNumber}`, text };
}

export function shippedMail(order: Addressee, link: string | null, publicUrl: string): MailMessage {
  return {
    to: order.shippingEmail,
    subject: `Your Sacred Market order ${order.orderNumber} has shipped`,
    text: [
      `Good news, ${order.shippingName}: your order ${order.orderNumber} is on its way.`,
      "",
      ...(link ? [`Follow your parcel: ${link}`] : []),
      `Your order: ${publicUrl}/profile`,
    ].join("\n"),
  };
}

export function deliveredMail(order: Addressee, publicUrl: string): MailMessage {
  return {
    to: order.shippingEmail,
    subject: `Your Sacred Market order ${order.orderNumber} was delivered`,
    text: [
      `Your order ${order.orderNumber} was delivered, ${order.shippingName}. We hope it serves you well.`,
      "",
      "Something not right? You can ask for a return within 7 days of delivery, from the order in your profile.",
      `${publicUrl}/profile`,
    ].join("\n"),
  };
}

export function refundMail(order: Addressee, amount: Cents, lines: readonly RefundLine[], reason: string): MailMessage {
  return {
    to: order.shippingEmail,
    subject: `A refund for your Sacred Market order ${order.orderNumber}`,
    text: [
      `We are refunding ${money(amount)} to your card for order ${order.orderNumber}, ${order.shippingName}.`,
      "",
      ...lines.map((l) => `  ${l.productName} x ${l.quantity}: ${money(l.amount)}`),
      "",
      `Reason: ${reason}`,
      "Refunds usually reach your card within 5-10 business days.",
    ].join("\n"),
  };
}

/** Each step of a return, to the shopper. */
export function returnMail(
  order: { shippingEmail: string; shippingName: string },
  subject: string,
  lines: string[],
  publicUrl: string,
): MailMessage {
  return {
    to: order.shippingEmail,
    subject,
    text: [`Dear ${order.shippingName},`, "", ...lines, "", `Your orders: ${publicUrl}/profile`].join("\n"),
  };
}

/** The admins' daily digest of products at or below their threshold. */
export function lowStockMail(
  to: string,
  low: readonly { name: string; stockQuantity: number; lowStockThreshold: number }[],
  publicUrl: string,
): MailMessage {
  const text = [
    "These products are low on stock or sold out:",
    "",
    ...low.map(
      (p) =>
        `  ${p.name}: ${p.stockQuantity === 0 ? "out of stock" : `${p.stockQuantity} left`} (threshold ${p.lowStockThreshold})`,
    ),
    "",
    `Restock them from the admin console: ${publicUrl}/admin?tab=products`,
  ].join("\n");
  return { to, subject: `Low stock: ${low.length} product${low.length === 1 ? "" : "s"}`, text };
}
