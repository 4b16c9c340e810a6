/**
 * Paying by mobile money (issue #41, docs/product.md#mobile-money): the client enters their number, approves the
 * prompt on their phone, and the page waits. Pure rules and texts, shared by the server and the client.
 */

/** How long a prompt waits for the phone's answer before the payment can be tried again. */
export const MOBILE_MONEY_PROMPT_MINUTES = 3;

export const APPROVE_ON_PHONE = "Approve the payment on your phone";
export const PROMPT_DECLINED = "The payment was declined on your phone.";
export const PROMPT_TIMED_OUT = "Your phone did not answer in time. Try again.";

/**
 * The built-in test mode's documented numbers: a number ending in these digits declines the prompt at once; every other
 * number waits for the test phone's Approve or Decline (or for the prompt to time out).
 */
export const TEST_MOBILE_MONEY = { declines: "0000" } as const;
