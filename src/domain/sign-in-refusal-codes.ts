/**
 * The codes that stand for a refused sign-in in the sign-in page's address (`/login?error=<code>`, issue #39); their
 * texts are in ./sign-in-refusals.ts. Apart, because the login route's address reader, which ships in every page's
 * first load (issue #18), needs only these: `email` and `password` are the form's own checks (src/schemas/auth.ts).
 */
export const SIGN_IN_REFUSALS = ["invalid", "email", "password", "throttled", "locked", "code", "codeFormat", "expired"] as const;
export type SignInRefusalCode = (typeof SIGN_IN_REFUSALS)[number];

/**
 * The second step a drawn sign-in waits for (issue #47), in the page's address (`/login?second=<kind>`): which
 * factors the person has, so the drawn page asks for the right one. `recovery` is an account with passkeys alone,
 * whose drawn form takes a recovery code until the app's code arrives to offer the passkey.
 */
export const SECOND_STEPS = ["totp", "totpPasskey", "recovery"] as const;
export type SecondStepKind = (typeof SECOND_STEPS)[number];
