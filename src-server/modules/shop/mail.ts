import { formatMoney, formatPaid, type Cents } from "../../../src/domain/money";
import type { RefundLine } from "../../../src/domain/orders";
import { lineTotal, RETURN_ADDRESS, SHIPPING_COST, type ShippingMethod } from "../../../src/domain/shipping";
import { intlLocale } from "../../../src/i18n/format-locale";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { writeIn, type ServerTranslate } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail";
import { pageLink } from "../../platform/mail-links";
import { ORDER_CURRENCY, type OrderRow } from "./order-rows";

/*
 * The shop's e-mails to shoppers and admins; each operation queues its own through the outbox. Each is written in its
 * recipient's language (`users.locale`: the shopper's account, read with the order; an admin's own), English when not
 * given: texts from the server catalog's `shopMail` and `adminMail`, money in that language's format, links to that
 * language's pages.
 */

type Addressee = { shippingEmail: string; shippingName: string; orderNumber: string };

const money = (amount: string | Cents) => formatMoney(amount, ORDER_CURRENCY);

/** A shipping method as checkout names it, its price in whole dollars in the reader's format: `$10`, `10 $`. */
export function shippingMethodName(method: ShippingMethod, t: ServerTranslate): string {
  const cost = new Intl.NumberFormat(intlLocale(), {
    style: "currency",
    currency: ORDER_CURRENCY,
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  }).format(SHIPPING_COST[method] / 100);
  return method === "express" ? t("shopMail.method.express", { cost }) : t("shopMail.method.standard", { cost });
}

/** One line of an order or a refund: `  Beads x 2: $20.00`. */
const line = (t: ServerTranslate, l: { productName: string; quantity: number }, amount: string | Cents) =>
  t("shopMail.line", { product: l.productName, quantity: l.quantity, amount: money(amount) });

export function receiptMail(order: OrderRow, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => {
    const method = shippingMethodName(order.shippingMethod, t);
    const text = [
      t("shopMail.receipt.thanks", { name: order.shippingName }),
      "",
      t("shopMail.receipt.number", { number: order.orderNumber }),
      "",
      t("shopMail.receipt.items"),
      ...order.items.map((item) => line(t, item, lineTotal(item))),
      "",
      t("shopMail.receipt.subtotal", { amount: money(order.subtotal) }),
      t("shopMail.receipt.shipping", { method, amount: money(order.shippingCost) }),
      t("shopMail.receipt.total", {
        amount: formatPaid(order.total, { currency: order.chargeCurrency, amount: order.chargeAmount }),
      }),
      "",
      t("shopMail.receipt.shipTo"),
      order.shippingName,
      order.shippingAddress,
      t("shopMail.receipt.phone", { phone: order.shippingPhone }),
      t("shopMail.receipt.method", { method }),
      "",
      t("shopMail.receipt.soon"),
    ].join("\n");
    return { to: order.shippingEmail, subject: t("shopMail.receipt.subject", { number: order.orderNumber }), text };
  });
}

export function shippedMail(
  order: Addressee,
  link: string | null,
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => ({
    to: order.shippingEmail,
    subject: t("shopMail.shipped.subject", { number: order.orderNumber }),
    text: [
      t("shopMail.shipped.body", { name: order.shippingName, number: order.orderNumber }),
      "",
      ...(link ? [t("shopMail.shipped.follow", { url: link })] : []),
      t("shopMail.yourOrder", { url: pageLink(publicUrl, "/profile", locale) }),
    ].join("\n"),
  }));
}

export function deliveredMail(order: Addressee, publicUrl: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => ({
    to: order.shippingEmail,
    subject: t("shopMail.delivered.subject", { number: order.orderNumber }),
    text: [
      t("shopMail.delivered.body", { number: order.orderNumber, name: order.shippingName }),
      "",
      t("shopMail.delivered.returns"),
      pageLink(publicUrl, "/profile", locale),
    ].join("\n"),
  }));
}

/** The reason a received return's refund records (returns.ts), which the shopper reads in their own language. */
export const RETURN_RECEIVED = "Return received";

export function refundMail(
  order: Addressee,
  amount: Cents,
  lines: readonly RefundLine[],
  reason: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => ({
    to: order.shippingEmail,
    subject: t("shopMail.refund.subject", { number: order.orderNumber }),
    text: [
      t("shopMail.refund.body", { amount: money(amount), number: order.orderNumber, name: order.shippingName }),
      "",
      ...lines.map((l) => line(t, l, l.amount)),
      "",
      t("mail.reason", { reason: reason === RETURN_RECEIVED ? t("shopMail.refund.returnReceived") : reason }),
      t("shopMail.refund.soon"),
    ].join("\n"),
  }));
}

/** A step of a return the shopper is told of: asked for, accepted (with the admin's note), declined (and why). */
export type ReturnStep =
  { step: "requested" } | { step: "accepted"; note?: string | undefined } | { step: "declined"; note?: string | undefined };

/** Each step of a return, to the shopper. */
export function returnMail(order: Addressee, step: ReturnStep, publicUrl: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return writeIn(locale, (t) => {
    const number = order.orderNumber;
    const { subject, lines } =
      step.step === "requested"
        ? { subject: t("shopMail.return.requestedSubject", { number }), lines: [t("shopMail.return.requested")] }
        : step.step === "accepted"
          ? {
              subject: t("shopMail.return.acceptedSubject", { number }),
              lines: [
                t("shopMail.return.sendBack", { address: RETURN_ADDRESS }),
                t("shopMail.return.refundOnArrival"),
                ...(step.note ? [step.note] : []),
              ],
            }
          : { subject: t("shopMail.return.declinedSubject", { number }), lines: [t("mail.reason", { reason: step.note ?? "" })] };
    return {
      to: order.shippingEmail,
      subject,
      text: [
        t("shopMail.return.dear", { name: order.shippingName }),
        "",
        ...lines,
        "",
        t("shopMail.return.yourOrders", { url: pageLink(publicUrl, "/profile", locale) }),
      ].join("\n"),
    };
  });
}

/** The admins' daily digest of products at or below their threshold, in the admin's own language. */
export function lowStockMail(
  to: string,
  low: readonly { name: string; stockQuantity: number; lowStockThreshold: number }[],
  publicUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return writeIn(locale, (t) => {
    const text = [
      t("adminMail.lowStock.intro"),
      "",
      ...low.map((p) =>
        p.stockQuantity === 0
          ? t("adminMail.lowStock.out", { name: p.name, threshold: p.lowStockThreshold })
          : t("adminMail.lowStock.left", { name: p.name, count: p.stockQuantity, threshold: p.lowStockThreshold }),
      ),
      "",
      t("adminMail.lowStock.restock", { url: pageLink(publicUrl, "/admin?tab=products", locale) }),
    ].join("\n");
    return { to, subject: t("adminMail.lowStock.subject", { count: low.length }), text };
  });
}
