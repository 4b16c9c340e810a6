import { CURRENCIES, type Currency } from "../../src/domain/currencies";
import { formatGhs, formatMoney, priceIn, type Cents } from "../../src/domain/money";
import { trpc } from "../trpc";

/** The header's picker's choices, in its order (issue #41). */
export const DISPLAY_CURRENCIES: readonly Currency[] = CURRENCIES;

/**
 * The currency the person chose in the header (null: none yet) and the rates prices show at, as the server knows them
 * (the account's choice, else this browser's cookie). A drawn page carries it with its data.
 */
export function useDisplayMoney() {
  return trpc.account.currency.useQuery(undefined, { staleTime: Infinity }).data;
}

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

/**
 * The header picker's choice: shown at once, then remembered by the server (this browser's cookie, the account); should
 * the server refuse it, the prices go back to what it knows.
 */
export function useChooseCurrency(): (currency: string) => void {
  const utils = trpc.useUtils();
  const choose = trpc.account.setCurrency.useMutation({ onError: () => utils.account.currency.invalidate() });
  return (currency) => {
    const picked = DISPLAY_CURRENCIES.find((c) => c === currency);
    if (!picked) return;
    utils.account.currency.setData(undefined, (shown) => shown && { ...shown, currency: picked });
    choose.mutate({ currency: picked });
  };
}
