import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./enums";
import { BOUGHT_ORDER_STATUSES, isPaidOrder, planOrderRefund, refundedQuantities } from "./orders";

const order = {
  items: [
    { productId: "a", productName: "Candle", quantity: 2, price: "10.00" },
    { productId: "b", productName: "Oil", quantity: 1, price: "5.50" },
  ],
  total: "30.50",
  refundedAmount: "0.00",
};

describe("order status groups", () => {
  it("counts paid, shipped and delivered orders as paid, and refunded ones as bought too", () => {
    expect(ORDER_STATUSES.filter(isPaidOrder)).toEqual(["paid", "shipped", "delivered"]);
    expect(BOUGHT_ORDER_STATUSES).toEqual(["paid", "shipped", "delivered", "refunded"]);
  });
});

describe("an order's refund plan", () => {
  it("in full returns every line left and the shipping", () => {
    const plan = planOrderRefund(order, new Map());
    expect(plan).toEqual({
      lines: [
        { productId: "a", productName: "Candle", quantity: 2, amount: "20.00" },
        { productId: "b", productName: "Oil", quantity: 1, amount: "5.50" },
      ],
      amount: 3050,
      shipping: 500,
      refundedNow: 3050,
      whole: true,
    });
  });

  it("per line returns the unit prices, without the shipping, and counts earlier refunds", () => {
    const refunded = refundedQuantities([{ lines: [{ productId: "a", quantity: 1 }] }]);
    expect(planOrderRefund({ ...order, refundedAmount: "10.00" }, refunded, [{ productId: "a", quantity: 1 }])).toMatchObject({
      lines: [{ productId: "a", quantity: 1, amount: "10.00" }],
      amount: 1000,
      shipping: 0,
      refundedNow: 2000,
      whole: false,
    });
    expect(planOrderRefund(order, refunded, [{ productId: "a", quantity: 2 }])).toEqual({
      refused: "too-many",
      productName: "Candle",
      left: 1,
    });
  });

  it("never returns more than is left of the payment", () => {
    expect(planOrderRefund({ ...order, refundedAmount: "25.00" }, new Map(), [{ productId: "a", quantity: 2 }])).toMatchObject({
      amount: 550,
      refundedNow: 3050,
    });
    expect(planOrderRefund({ ...order, refundedAmount: "30.50" }, new Map())).toEqual({ refused: "nothing-left" });
  });

  it("refuses a product the order does not hold", () => {
    expect(planOrderRefund(order, new Map(), [{ productId: "z", quantity: 1 }])).toEqual({ refused: "not-in-order" });
  });
});
