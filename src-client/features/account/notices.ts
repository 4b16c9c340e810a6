import { messages } from "../../lib/messages";
import type { AccessRuleName, Refusal } from "./access";

/**
 * What a protected page says when it turns someone away (docs/product.md), by its rule in ./access.ts: here, with the
 * notice's components, rather than in every first load's entry code (issue #18).
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

interface RuleNotices {
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
const connectionLost: AccessNotice = {
  title: "Connection Lost",
  message: "We could not reach Seer. Please check your connection and reload this page; you are still signed in.",
};

/** Every protected page's notices for everyone its rule turns away. */
const notices = {
  checkout: { signedOut: loginRequired(messages.loginRequiredCheckout.message, { toast: true }) },
  booking: { signedOut: loginRequired(messages.loginRequiredBooking.message, { toast: true }) },
  apply: { signedOut: loginRequired(messages.loginRequiredApply.message, { toast: true }) },
  profile: { signedOut: loginRequired("Please log in to view your profile, consultations and orders.", { loginLink: true }) },
  messages: { signedOut: loginRequired("Please log in to read your messages.", { loginLink: true }) },
  myArticles: { signedOut: loginRequired("Please log in to see your articles.", { loginLink: true }) },
  newArticle: { signedOut: loginRequired("Please log in to write an article.", { loginLink: true }) },
  editArticle: { signedOut: loginRequired("Please log in to edit your articles.", { loginLink: true }) },
  admin: { signedOut: adminOnly, wrongRole: adminOnly },
  seerDashboard: {
    signedOut: { title: "Access Denied", message: "Please log in to access your dashboard." },
    wrongRole: { title: "Access Denied", message: "This page is only accessible to verified Seers." },
  },
} satisfies Record<AccessRuleName, RuleNotices>;

/** What the page of `rule` says to someone it turned away for `refusal`. */
export function accessNotice(rule: AccessRuleName, refusal: Refusal): AccessNotice {
  if (refusal === "unreachable") return connectionLost;
  const ruleNotices: RuleNotices = notices[rule];
  return refusal === "wrongRole" ? (ruleNotices.wrongRole ?? ruleNotices.signedOut) : ruleNotices.signedOut;
}
