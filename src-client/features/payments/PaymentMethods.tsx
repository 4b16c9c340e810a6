import { Divider, Loader } from "@mantine/core";
import type { Currency } from "../../../src/domain/currencies";
import { LOCAL_CARD_RETURN_PATHS } from "../../../src/schemas/bookings";
import { formatMoney } from "../../../src/domain/money";
import { useDisplayMoney } from "../../lib/display-money";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { CardPaymentForm } from "./CardPaymentForm";
import { LocalCardButton } from "./LocalCardButton";
import { MobileMoneyForm } from "./MobileMoneyForm";
import { PaymentMethodChoice, type ChargeQuote } from "./PaymentMethodChoice";
import { CARD_CHOICE, choiceCurrency, choiceOf, usePaymentChoice, type PaymentChoice } from "./payment-choice";

/** A started payment (a booking's or an order's): its intent and what it charges (issue #41). */
export interface StartedCharge extends ChargeQuote {
  clientSecret: string;
  paymentIntentId: string;
}

/**
 * The way to pay where mobile money is offered (payments.config): the remembered one, else the currency chosen in the
 * header when it is a local one (issue #41); the card otherwise.
 */
export function useOfferedChoice(): [PaymentChoice, (choice: PaymentChoice) => void] {
  const [remembered, setChoice] = usePaymentChoice(useDisplayMoney()?.currency ?? null);
  const config = trpc.payments.config.useQuery();
  return [config.data?.mobileMoney ? remembered : CARD_CHOICE, setChoice];
}

/**
 * Another way to pay picked while a payment is started: remembered, and the payment asked again in its currency
 * (`ask`, which says whether it came). Refused, the choice goes back to the started payment's and `onRefused`.
 */
export function changePaymentChoice(
  next: PaymentChoice,
  {
    payment,
    setChoice,
    ask,
    onRefused,
  }: {
    payment: { currency: Currency } | null;
    setChoice: (choice: PaymentChoice) => void;
    ask: (currency: Currency, onAsked: (came: boolean) => void) => void;
    onRefused: () => void;
  },
): void {
  setChoice(next);
  const currency = choiceCurrency(next);
  if (!currency || !payment || currency === payment.currency) return;
  ask(currency, (came) => {
    if (came) return;
    setChoice(choiceOf(payment.currency));
    onRefused();
  });
}

/**
 * docs/product.md#mobile-money: where offered, `Card (USD)` or `Mobile money or local card` with its currency; then
 * the card form (a payment in US dollars) or the mobile money form, for the payment started in the chosen currency.
 */
export function PaymentMethods({
  payment,
  choice,
  onChoice,
  updating,
  onPaid,
  returnPath,
}: {
  payment: StartedCharge | null;
  choice: PaymentChoice;
  onChoice: (choice: PaymentChoice) => void;
  updating: boolean;
  onPaid: (paymentIntentId: string) => void;
  /** Where the card provider returns after a redirect (/booking-success or /order-success). */
  returnPath: string;
}) {
  const { t } = useI18n();
  const config = trpc.payments.config.useQuery();
  const current = payment && !updating && payment.currency === choiceCurrency(choice) ? payment : null;
  const momo = config.data?.mobileMoneyCurrencies;
  const cards = config.data?.localCardCurrencies;
  const offered = momo && cards ? [...new Set([...momo, ...cards])] : momo;
  const byPhone = current !== null && (!momo || momo.includes(current.currency));
  const cardReturn = LOCAL_CARD_RETURN_PATHS.find((p) => p === returnPath);
  const byLocalCard = current !== null && cardReturn !== undefined && (cards?.includes(current.currency) ?? false);
  return (
    <>
      {config.data?.mobileMoney && (
        <PaymentMethodChoice
          choice={choice}
          onChoice={onChoice}
          quote={payment}
          updating={updating}
          currencies={offered}
        />
      )}
      {current &&
        (choice.method === "card" ? (
          <CardPaymentForm
            clientSecret={current.clientSecret}
            returnPath={returnPath}
            onSuccess={onPaid}
            submitLabel={t("payment.pay", { amount: formatMoney(current.amount) })}
            charge={current.amount}
          />
        ) : (
          <>
            {byPhone && (
              <MobileMoneyForm
                key={current.clientSecret}
                clientSecret={current.clientSecret}
                paymentIntentId={current.paymentIntentId}
                testMode={config.data?.provider === "test"}
                onSuccess={onPaid}
              />
            )}
            {byPhone && byLocalCard && <Divider label={t("payment.or")} labelPosition="center" />}
            {byLocalCard && cardReturn && <LocalCardButton clientSecret={current.clientSecret} returnPath={cardReturn} />}
          </>
        ))}
      {choice.method === "card" && updating && <Loader aria-label={t("payment.loadingForm")} />}
    </>
  );
}
