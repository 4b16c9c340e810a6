import type { RouterOutputs } from "../../trpc";

type Outputs = RouterOutputs["bookings"];
/** A booking as its client, its Seer or an admin reads it (the meeting room). */
export type Booking = Outputs["byId"];
/** A started card payment for a booking: the intent's client secret, the held booking and its amount. */
export type BookingPayment = Outputs["createPaymentIntent"];
