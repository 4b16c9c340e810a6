import type { RouterOutputs } from "../trpc";

/** The signed-in client of the booking and meeting-room tests, as `account.me` answers. */
export const signedInClient: NonNullable<RouterOutputs["account"]["me"]> = {
  id: "u-client",
  email: "client@example.com",
  firstName: "Kofi",
  lastName: "Boateng",
  profileImageUrl: null,
  role: "client",
  emailVerified: true,
  secondFactor: false,
};
