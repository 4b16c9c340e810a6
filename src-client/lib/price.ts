import { formatGhs, formatMoney, priceIn, type Cents } from "../../src/domain/money";
import { useDisplayMoney } from "./display-money";

/**
 * How a US-dollar price reads for this person: in the currency they chose, converted as a charge in it is (the amount
 * shown is the amount paid), else in the page's own currency: US dollars, or GH₵ where the product shows cedis (the
 * home page and the shop's listing, docs/product.md).
 */
export function usePrice(fallback: "USD" | "GHS" = "USD"): (amount: string | Cents) => string {
  const display = useDisplayMoney();
  return (amount) => {
    if (!display) return fallback === "GHS" ? formatGhs(amount) : formatMoney(amount);
    return priceIn(amount, display.currency ?? fallback, display.rates);
  };
}
