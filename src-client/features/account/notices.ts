import type { MessageId } from "../../../src/i18n/messages/en";
import type { AccessRuleName, Refusal } from "./access";

/**
 * What a protected page says when it turns someone away (docs/product.md), by its rule in ./access.ts: here, with the
 * notice's components, rather than in every first load's entry code (issue #18). Texts are message ids, drawn in the
 * page's language by AccessNoticeView.
 */

/** What a page says when it turns someone away, and what happens next. */
export interface AccessNotice {
  title: MessageId;
  message: MessageId;
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

const loginRequired = (message: MessageId, options: Pick<AccessNotice, "toast" | "loginLink">): AccessNotice => ({
  title: "access.loginRequired",
  message,
  then: "login",
  ...options,
});
const adminOnly: AccessNotice = { title: "access.denied", message: "access.deniedMessage", toast: true, then: "home" };

/** The notice of a protected page when the server cannot be reached (useAuth's "unreachable"). */
const connectionLost: AccessNotice = { title: "access.connectionLost", message: "access.connectionLostMessage" };

/** Every protected page's notices for everyone its rule turns away. */
const notices = {
  checkout: { signedOut: loginRequired("access.loginRequiredCheckout", { toast: true }) },
  booking: { signedOut: loginRequired("access.loginRequiredBooking", { toast: true }) },
  apply: { signedOut: loginRequired("access.loginRequiredApply", { toast: true }) },
  applyVendor: { signedOut: loginRequired("access.loginRequiredApplyVendor", { loginLink: true }) },
  vendor: { signedOut: loginRequired("access.loginRequiredVendor", { loginLink: true }) },
  profile: { signedOut: loginRequired("access.loginRequiredProfile", { loginLink: true }) },
  messages: { signedOut: loginRequired("access.loginRequiredMessages", { loginLink: true }) },
  myArticles: { signedOut: loginRequired("access.loginRequiredMyArticles", { loginLink: true }) },
  newArticle: { signedOut: loginRequired("access.loginRequiredNewArticle", { loginLink: true }) },
  editArticle: { signedOut: loginRequired("access.loginRequiredEditArticle", { loginLink: true }) },
  admin: { signedOut: adminOnly, wrongRole: adminOnly },
  seerDashboard: {
    signedOut: { title: "access.denied", message: "access.dashboardSignedOut" },
    wrongRole: { title: "access.denied", message: "access.dashboardWrongRole" },
  },
} satisfies Record<AccessRuleName, RuleNotices>;

/** What the page of `rule` says to someone it turned away for `refusal`. */
export function accessNotice(rule: AccessRuleName, refusal: Refusal): AccessNotice {
  if (refusal === "unreachable") return connectionLost;
  const ruleNotices: RuleNotices = notices[rule];
  return refusal === "wrongRole" ? (ruleNotices.wrongRole ?? ruleNotices.signedOut) : ruleNotices.signedOut;
}
