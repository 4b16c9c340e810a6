import type { areas } from "./messages/app";

/** An area of the app's catalog (./messages/app). */
export type AppArea = keyof typeof areas;

/**
 * The app's areas the server writes into a drawn page beside the public catalog, by the page's path (issue #45): a
 * page the server draws whose texts are the app's (sign-in, also reached from the app's own screens) reads French in
 * its HTML without the public catalog, which every page carries, growing for it. Its route does not fetch the app's
 * catalog when the page already has them (src-client/routes/login.tsx). /login carries `validation` too: its forms'
 * checks, and the refusals its address names (a field's), are that area's, as every form's (src-client/lib/validation.ts).
 */
export const DRAWN_AREAS: Partial<Record<string, readonly AppArea[]>> = {
  "/login": ["signIn", "validation"],
};
