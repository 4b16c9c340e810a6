/**
 * The codes that stand for a refused sign-in in the sign-in page's address (`/login?error=<code>`, issue #39); their
 * texts are in ./sign-in-refusals.ts. Apart, because the login route's address reader, which ships in every page's
 * first load (issue #18), needs only these: `email` and `password` are the form's own checks (src/schemas/auth.ts).
 */
export const SIGN_IN_REFUSALS = ["invalid", "email", "password", "throttled", "locked"] as const;
export type SignInRefusalCode = (typeof SIGN_IN_REFUSALS)[number];
