import type { RouterOutputs } from "../../trpc";

type Outputs = RouterOutputs["bookings"];
/** A started card payment for a booking: the intent's client secret, the held booking and its amount. */
export type BookingPayment = Outputs["createPaymentIntent"];
