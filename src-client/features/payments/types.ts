import type { Cents } from "../../../src/domain/money";
export interface CardPaymentFormProps {
  clientSecret: string;
  /** Where the provider returns after a redirect (docs/product.md#api: /booking-success or /order-success). */
  returnPath: string;
  /** Called with the payment intent id once the payment succeeded without a redirect. */
  onSuccess: (paymentIntentId: string) => void;
  submitLabel: string;
  /** What the card is charged, stated before paying: an amount in US dollars (cents or a two-decimal string). */
  charge?: string | Cents;
}
