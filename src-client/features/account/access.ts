import type { SignedInUser } from "../../lib/auth";
import type { RouterContext } from "../../router-context";

/**
 * Sign-in and role guards, in one place: each protected route names its rule in `beforeLoad`
 * (`beforeLoad: ({ context }) => checkAccess(context, "checkout")`) and wraps its page in <RequireAuth>,
 * which shows the rule's notice instead of the page when the visitor may not see it.
 *
 * The rules and checkAccess are here, apart from the components in guard.tsx and the notices' texts in notices.ts:
 * route files' `beforeLoad` runs in the entry's code on every first load, the notices only on a protected page that
 * turns someone away (issue #18).
 */

/** Every protected page's rule: the role it needs, if any (signed in is needed by all). */
export const accessRoles = {
  checkout: undefined,
  booking: undefined,
  apply: undefined,
  applyVendor: undefined,
  // Being a vendor is not a role (decision 163): the dashboard itself tells a non-vendor so.
  vendor: undefined,
  profile: undefined,
  messages: undefined,
  myArticles: undefined,
  newArticle: undefined,
  editArticle: undefined,
  admin: "admin",
  seerDashboard: "seer",
} as const satisfies Record<string, SignedInUser["role"] | undefined>;

export type AccessRuleName = keyof typeof accessRoles;

/** Why a page turns someone away: signed out, not of the rule's role, or the server could not be reached. */
export type Refusal = "signedOut" | "wrongRole" | "unreachable";

export type Access = { allowed: true; user: SignedInUser } | { allowed: false; rule: AccessRuleName; refusal: Refusal };

/** For a route's `beforeLoad`: the signed-in user (the cached `account.me`) against the rule; the answer joins the route context. */
export async function checkAccess(context: RouterContext, rule: AccessRuleName): Promise<{ access: Access }> {
  const role: SignedInUser["role"] | undefined = accessRoles[rule];
  // A failed current-user call is a lost connection, never a sign-out: say so, and send nobody to the login.
  let user: SignedInUser | null;
  try {
    // The page and its notices read the app's catalog: fetched alongside.
    [user] = await Promise.all([context.trpc.account.me.ensureData(), context.i18n.ensureApp()]);
  } catch {
    return { access: { allowed: false, rule, refusal: "unreachable" } };
  }
  if (!user) return { access: { allowed: false, rule, refusal: "signedOut" } };
  if (role && user.role !== role) return { access: { allowed: false, rule, refusal: "wrongRole" } };
  return { access: { allowed: true, user } };
}
