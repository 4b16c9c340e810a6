import type { PublicMessageId } from "./messages/en";

/**
 * The pages whose names (src/domain/pages.ts) are translated so far (issue #45), by pattern: their titles, the
 * server's and the browser's, come from the catalog; the others keep their English name in every language.
 */
export const TRANSLATED_PAGE_NAMES: Partial<Record<string, PublicMessageId>> = {
  "/seers": "page.seers",
  "/shop": "page.shop",
  "/cart": "page.cart",
  "/checkout": "page.checkout",
  "/order-success": "page.orderConfirmed",
  "/order/success": "page.orderConfirmed",
  "/order/success/$paymentIntentId": "page.orderConfirmed",
  "/wisdom": "page.wisdom",
  "/my-articles": "page.myArticles",
  "/articles/new": "page.newArticle",
  "/articles/edit/$id": "page.editArticle",
  "/book/$id": "page.book",
  "/booking-success": "page.bookingConfirmed",
  "/booking/success": "page.bookingConfirmed",
  "/booking/success/$paymentIntentId": "page.bookingConfirmed",
  "/dashboard": "page.seerDashboard",
  "/seer/dashboard": "page.seerDashboard",
  "/payouts/test-onboarding": "page.setUpPayouts",
  "/about": "page.about",
  "/contact": "page.contact",
  "/terms": "footer.terms",
  "/privacy": "footer.privacy",
  "/login": "nav.logIn",
  "/forgot-password": "page.forgotPassword",
  "/reset-password": "page.resetPassword",
  "/verify-email": "page.verifyEmail",
  "/profile": "page.profile",
};
