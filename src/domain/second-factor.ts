/** Second factors and fresh confirmation (issue #47): the texts and limits that server and client share. */

/** A sensitive action needs its owner to have confirmed it is them (password, code or passkey) this recently. */
export const FRESH_CONFIRMATION_MS = 10 * 60 * 1000;

/** The refusal of a sensitive action whose session's last confirmation is older: the client asks, then retries. */
export const CONFIRM_IT_IS_YOU = "Confirm it's you";

/** An admin without a second factor, on every admin procedure: the client goes to the security settings. */
export const SET_UP_SECOND_FACTOR = "Set up a second factor to open the console";

/** A Seer without a second factor, changing payout details. */
export const SECOND_FACTOR_FOR_PAYOUTS = "Set up a second factor before changing your payout details";

/** Where the security settings are (the profile page's Security section). */
export const SECURITY_SETTINGS_PATH = "/profile#security";

export const WRONG_CODE = "That code is not right. Try again.";
export const SECOND_STEP_EXPIRED = "Your sign-in has expired. Sign in again.";
export const TOTP_NOT_STARTED = "Start the setup again: no authenticator app is waiting to be confirmed.";
export const TOTP_ALREADY_SET_UP = "An authenticator app is already set up. Remove it first to set up another.";

export const PASSKEY_NOT_ACCEPTED = "That passkey was not accepted. Try again.";
export const PASSKEY_NOT_FOUND = "Passkey not found";

/** How many recovery codes a person gets, each working once. */
export const RECOVERY_CODE_COUNT = 10;
