/**
 * The site's addresses as the server knows them: which paths are pages of the client (everything else answers 404),
 * each page's title, and which pages are worth indexing (their descriptions, which only the server writes, are in
 * ./page-descriptions.ts: the client's code carries this file to every page, issue #18).
 * `src/domain/pages.test.ts` checks the list against the client's route tree, so that a new screen is not a 404.
 */

export { pageTitle, SERVER_STATE_ID } from "./site";

/**
 * docs/product.md#shop: the shop's page, six rows of its four columns; `Load more` reads the next one. Here too, not
 * with the shop's zod schemas: importing a value from them put zod and two more modules on `/shop`'s first load
 * (a phone's blocking time rose by about 100 ms, issue #18).
 */
export const PRODUCT_PAGE_SIZE = 24;

/**
 * Add to Cart without the app's code (issue #39): the product cards' form posts here (`productId`, `quantity`), and a
 * GET of `cartAddPath(...)` is where sign-in returns a visitor who tapped it, to finish the action.
 */
export const CART_ADD_PATH = "/cart/add";

/**
 * The address that adds one product to the signed-in person's cart, then shows the cart: in the language of the page
 * the form was sent from, when it named one (issue #45).
 */
export function cartAddPath(productId: string, quantity = 1, locale?: string): string {
  const query = new URLSearchParams({ productId, quantity: String(quantity), ...(locale ? { locale } : {}) });
  return `${CART_ADD_PATH}?${query.toString()}`;
}

/** The id of the JSON script element in which the server hands a drawn page's data to the browser. */

export interface PageInfo {
  /** The page's own name; the document title is `pageTitle(name)`. */
  name: string;
  /** Listed in the sitemap and open to crawlers; private and transactional pages are not. */
  indexed: boolean;
  /**
   * Drawn by the server, with its data, for a visitor who is not signed in (src-client/ssr.tsx): every indexed page,
   * and sign-in, where a visitor who tapped Add to Cart without the app's code lands (issue #39) and which must work
   * before that code arrives. Only pages that show nobody's own data may be drawn.
   */
  drawn: boolean;
}

/** Every client route, written as TanStack Router writes it (`$param` for a parameter). */
export const clientPages: Record<string, PageInfo> = {
  "/": { name: "", indexed: true, drawn: true },
  "/seers": { name: "Meet Our Seers", indexed: true, drawn: true },
  "/seers/$id": { name: "Seer", indexed: true, drawn: true },
  "/book/$id": { name: "Book a Consultation", indexed: false, drawn: false },
  "/booking-success": { name: "Booking Confirmed", indexed: false, drawn: false },
  "/booking/success": { name: "Booking Confirmed", indexed: false, drawn: false },
  "/booking/success/$paymentIntentId": { name: "Booking Confirmed", indexed: false, drawn: false },
  "/meeting/$bookingId": { name: "Consultation Meeting Room", indexed: false, drawn: false },
  "/messages": { name: "Messages", indexed: false, drawn: false },
  "/messages/$bookingId": { name: "Messages", indexed: false, drawn: false },
  "/shop": { name: "Sacred Market", indexed: true, drawn: true },
  "/shop/$slug": { name: "Product", indexed: true, drawn: true },
  "/cart": { name: "Your Cart", indexed: false, drawn: false },
  "/checkout": { name: "Checkout", indexed: false, drawn: false },
  "/order-success": { name: "Order Confirmed", indexed: false, drawn: false },
  "/order/success": { name: "Order Confirmed", indexed: false, drawn: false },
  "/order/success/$paymentIntentId": { name: "Order Confirmed", indexed: false, drawn: false },
  "/wisdom": { name: "Wisdom Hub", indexed: true, drawn: true },
  "/wisdom/$slug": { name: "Article", indexed: true, drawn: true },
  "/my-articles": { name: "My Articles", indexed: false, drawn: false },
  "/articles/new": { name: "Write an Article", indexed: false, drawn: false },
  "/articles/edit/$id": { name: "Edit Article", indexed: false, drawn: false },
  "/become-seer": { name: "Become a Seer", indexed: true, drawn: true },
  "/become-vendor": { name: "Become a Vendor", indexed: false, drawn: false },
  "/vendor": { name: "Vendor Dashboard", indexed: false, drawn: false },
  "/about": { name: "About", indexed: true, drawn: true },
  "/contact": { name: "Contact", indexed: true, drawn: true },
  "/terms": { name: "Terms of Service", indexed: true, drawn: true },
  "/privacy": { name: "Privacy Policy", indexed: true, drawn: true },
  "/login": { name: "Log In", indexed: false, drawn: true },
  "/forgot-password": { name: "Forgot Password", indexed: false, drawn: false },
  "/reset-password": { name: "Reset Password", indexed: false, drawn: false },
  "/verify-email": { name: "Confirm Your E-mail", indexed: false, drawn: false },
  "/profile": { name: "Your Profile", indexed: false, drawn: false },
  "/dashboard": { name: "Seer Dashboard", indexed: false, drawn: false },
  "/seer/dashboard": { name: "Seer Dashboard", indexed: false, drawn: false },
  "/payouts/test-onboarding": { name: "Set Up Payouts", indexed: false, drawn: false },
  "/admin": { name: "Admin", indexed: false, drawn: false },
  "/admin/orders/$orderId": { name: "Order", indexed: false, drawn: false },
};

export interface PageMatch {
  pattern: string;
  params: Record<string, string>;
  page: PageInfo;
}

/** The client page a path shows, with its parameters decoded, or null (a 404). Trailing slashes are ignored. */
export function matchPage(pathname: string): PageMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const parts = path.split("/");
  for (const [pattern, page] of Object.entries(clientPages)) {
    const want = pattern.split("/");
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      const w = want[i] ?? "";
      const p = parts[i] ?? "";
      if (w.startsWith("$")) {
        let value: string;
        try {
          value = decodeURIComponent(p);
        } catch {
          return null;
        }
        if (!value) ok = false;
        else params[w.slice(1)] = value;
      } else if (w !== p) ok = false;
    }
    if (ok) return { pattern, params, page };
  }
  return null;
}
