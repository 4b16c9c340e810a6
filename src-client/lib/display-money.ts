import { CURRENCIES, type Currency } from "../../src/domain/currency-codes";
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
 * The header picker's choice: shown at once, then remembered by the server (this browser's cookie, the account); should
 * the server refuse it, the prices go back to what it knows.
 */
export function useChooseCurrency(): (currency: string) => void {
  const utils = trpc.useUtils();
  return (currency) => {
    const picked = DISPLAY_CURRENCIES.find((c) => c === currency);
    if (!picked) return;
    utils.account.currency.setData(undefined, (shown) => shown && { ...shown, currency: picked });
    // The client itself, not a mutation hook: a page's first load carries no mutation machinery for one select.
    utils.client.account.setCurrency.mutate({ currency: picked }).catch(() => utils.account.currency.invalidate());
  };
}
