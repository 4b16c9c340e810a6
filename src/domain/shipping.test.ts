import { describe, expect, it } from "vitest";
import { cents, toDecimal } from "./money";
import { lineTotal, orderTotals, shippingCost, subtotalOf } from "./shipping";

describe("shipping and order totals", () => {
  it("charges $10 for standard and $25 for express shipping", () => {
    expect(toDecimal(shippingCost("standard"))).toBe("10.00");
    expect(toDecimal(shippingCost("express"))).toBe("25.00");
  });

  it("multiplies unit price by quantity exactly, without floating point drift", () => {
    expect(toDecimal(lineTotal({ price: "0.10", quantity: 3 }))).toBe("0.30");
    expect(toDecimal(lineTotal({ price: "19.99", quantity: 7 }))).toBe("139.93");
    expect(toDecimal(lineTotal({ price: cents(1234), quantity: 2 }))).toBe("24.68");
  });

  it("sums the lines into the subtotal and adds the shipping cost to make the total", () => {
    const lines = [
      { price: "24.00", quantity: 2 },
      { price: "0.10", quantity: 3 },
      { price: "35.50", quantity: 1 },
    ];
    expect(toDecimal(subtotalOf(lines))).toBe("83.80");
    const express = orderTotals(lines, "express");
    expect([express.subtotal, express.shippingCost, express.total].map(toDecimal)).toEqual(["83.80", "25.00", "108.80"]);
    const standard = orderTotals(lines, "standard");
    expect(toDecimal(standard.total)).toBe("93.80");
  });

  it("gives a subtotal of zero for no lines", () => {
    expect(toDecimal(subtotalOf([]))).toBe("0.00");
    expect(toDecimal(orderTotals([], "standard").total)).toBe("10.00");
  });
});
