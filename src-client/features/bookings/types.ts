import type { RouterOutputs } from "../../trpc";

type Outputs = RouterOutputs["bookings"];
/** A started card payment for a booking: the intent's client secret, the held booking and its amount. */
export type BookingPayment = Outputs["createPaymentIntent"];
/** A booking as its client sees it on /profile. */
export type Consultation = Outputs["clientSessions"]["upcoming"][number];
