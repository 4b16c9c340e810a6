import type { SignedInUser } from "../../lib/auth";
import * as messages from "../../lib/routeMessages";
import type { RouterContext } from "../../router-context";

/**
 * Sign-in and role guards, in one place: each protected route names its rule in `beforeLoad`
 * (`beforeLoad: ({ context }) => checkAccess(context, "checkout")`) and wraps its page in <RequireAuth>,
 * which shows the rule's notice instead of the page when the visitor may not see it.
 *
 * The rules and checkAccess are here, apart from the components in guard.tsx: route files' `beforeLoad` runs in the
 * entry's code on every first load, the notice's components only on a protected page (issue #18).
 */

/** What a page says when it turns someone away, and what happens next. */
export interface AccessNotice {
  title: string;
  message: string;
  /** The same words as a toast. */
  toast?: boolean;
  /** A "Log In" link back to this page. */
  loginLink?: boolean;
  /** "login": the sign-in page 500 ms later (docs/product.md#api/§9); "home": the home page at once. */
  then?: "login" | "home";
}

interface AccessRule {
  role?: SignedInUser["role"];
  signedOut: AccessNotice;
  wrongRole?: AccessNotice;
}

const loginRequired = (message: string, options: Pick<AccessNotice, "toast" | "loginLink">): AccessNotice => ({
  title: "Login Required",
  message,
  then: "login",
  ...options,
});
const adminOnly: AccessNotice = { ...messages.accessDenied, toast: true, then: "home" };

/** The notice of a protected page when the server cannot be reached (useAuth's "unreachable"). */
export const connectionLost: AccessNotice = {
  title: "Connection Lost",
  message: "We could not reach Seer. Please check your connection and reload this page; you are still signed in.",
};

/** Every protected page's rule: who may see it, and the notice for everyone else. */
export const accessRules = {
  checkout: { signedOut: loginRequired(messages.loginRequiredCheckout.message, { toast: true }) },
  booking: { signedOut: loginRequired(messages.loginRequiredBooking.message, { toast: true }) },
  apply: { signedOut: loginRequired(messages.loginRequiredApply.message, { toast: true }) },
  applyVendor: { signedOut: loginRequired("Please log in to apply as a vendor.", { loginLink: true }) },
  // Being a vendor is not a role (decision 163): the dashboard itself tells a non-vendor so.
  vendor: { signedOut: loginRequired("Please log in to open your vendor dashboard.", { loginLink: true }) },
  profile: { signedOut: loginRequired("Please log in to view your profile, consultations and orders.", { loginLink: true }) },
  messages: { signedOut: loginRequired("Please log in to read your messages.", { loginLink: true }) },
  myArticles: { signedOut: loginRequired("Please log in to see your articles.", { loginLink: true }) },
  newArticle: { signedOut: loginRequired("Please log in to write an article.", { loginLink: true }) },
  editArticle: { signedOut: loginRequired("Please log in to edit your articles.", { loginLink: true }) },
  admin: { role: "admin", signedOut: adminOnly, wrongRole: adminOnly },
  seerDashboard: {
    role: "seer",
    signedOut: { title: "Access Denied", message: "Please log in to access your dashboard." },
    wrongRole: { title: "Access Denied", message: "This page is only accessible to verified Seers." },
  },
} satisfies Record<string, AccessRule>;

export type AccessRuleName = keyof typeof accessRules;

export type Access = { allowed: true; user: SignedInUser } | { allowed: false; notice: AccessNotice };

/** For a route's `beforeLoad`: the signed-in user (the cached `account.me`) against the rule; the answer joins the route context. */
export async function checkAccess(context: RouterContext, rule: AccessRuleName): Promise<{ access: Access }> {
  const { role, signedOut, wrongRole = signedOut }: AccessRule = accessRules[rule];
  // A failed current-user call is a lost connection, never a sign-out: say so, and send nobody to the login.
  let user: SignedInUser | null;
  try {
    user = await context.trpc.account.me.ensureData();
  } catch {
    return { access: { allowed: false, notice: connectionLost } };
  }
  if (!user) return { access: { allowed: false, notice: signedOut } };
  if (role && user.role !== role) return { access: { allowed: false, notice: wrongRole } };
  return { access: { allowed: true, user } };
}
