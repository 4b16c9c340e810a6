import { useMemo, useState, useSyncExternalStore } from "react";
import { isCurrency, type Currency } from "../../../src/domain/currencies";
import type { MessageId } from "../../../src/i18n/messages/en";

/** The currencies paid by mobile money or a local card (issue #41): every one the product takes but US dollars. */
export type LocalCurrency = Exclude<Currency, "USD">;

/** Each local currency with its name's message, in the order the `Pay in` list shows them. */
export const LOCAL_CURRENCIES: readonly { value: LocalCurrency; label: MessageId }[] = [
  { value: "GHS", label: "payment.currency.GHS" },
  { value: "NGN", label: "payment.currency.NGN" },
  { value: "KES", label: "payment.currency.KES" },
  { value: "ZAR", label: "payment.currency.ZAR" },
  { value: "XOF", label: "payment.currency.XOF" },
  { value: "XAF", label: "payment.currency.XAF" },
];

export const isLocalCurrency = (value: string): value is LocalCurrency => isCurrency(value) && value !== "USD";

/** How the client pays: by card in US dollars, or in a local currency (none chosen yet until they pick one). */
export type PaymentChoice = { method: "card" } | { method: "local"; currency: LocalCurrency | null };

export const CARD_CHOICE: PaymentChoice = { method: "card" };

/** The currency the booking's payment intent is asked in for a choice (`null`: none chosen yet). */
export const choiceCurrency = (choice: PaymentChoice): Currency | null => (choice.method === "card" ? "USD" : choice.currency);

/** The choice a payment in `currency` was asked for. */
export const choiceOf = (currency: Currency): PaymentChoice =>
  isLocalCurrency(currency) ? { method: "local", currency } : CARD_CHOICE;

/** Where the last choice is remembered, so that the next payment starts from it. */
export const PAYMENT_CHOICE_KEY = "seer.payment-choice";

/**
 * A stored choice as read back: the card when an unreadable one is stored; when none is, the preferred currency's
 * (the header's, issue #41): a local one is paid by mobile money or a local card, US dollars by card.
 */
export function parsePaymentChoice(raw: string | null, preferred: Currency | null = null): PaymentChoice {
  if (!raw) return preferred ? choiceOf(preferred) : CARD_CHOICE;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return CARD_CHOICE;
    const { method, currency } = parsed as { method?: unknown; currency?: unknown };
    if (method !== "local") return CARD_CHOICE;
    return { method: "local", currency: typeof currency === "string" && isLocalCurrency(currency) ? currency : null };
  } catch {
    return CARD_CHOICE;
  }
}

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(PAYMENT_CHOICE_KEY);
  } catch {
    return null;
  }
}

const onStorage = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
};

export function savePaymentChoice(choice: PaymentChoice): void {
  try {
    window.localStorage.setItem(
      PAYMENT_CHOICE_KEY,
      JSON.stringify(choice.method === "card" ? { method: "card" } : { method: "local", currency: choice.currency }),
    );
  } catch {
    // Storage refused (private mode, full): the choice is simply not remembered.
  }
}

/**
 * The way to pay, starting from the remembered one (else the `preferred` currency's): read from storage only once the page is the browser's (the
 * server's drawing, and the browser's hydration of it, show the card), then what the client picks, remembered.
 */
export function usePaymentChoice(preferred: Currency | null = null): [PaymentChoice, (choice: PaymentChoice) => void] {
  const raw = useSyncExternalStore(onStorage, storedChoice, () => null);
  const remembered = useMemo(() => parsePaymentChoice(raw, preferred), [raw, preferred]);
  const [picked, setPicked] = useState<PaymentChoice | null>(null);
  const choose = (choice: PaymentChoice) => {
    setPicked(choice);
    savePaymentChoice(choice);
  };
  return [picked ?? remembered, choose];
}
