/**
 * The site's name, its pages' titles and where a drawn page keeps the server's state: apart from ./pages.ts, whose
 * list of every page only the server and the route announcer (fetched with the first navigation) need, so that the
 * first load does not carry it (issue #18).
 */

const SITE_NAME = "Seer";
const SITE_TITLE = "Seer — Verified African Spiritual Guides";

/** The id of the script element that carries a drawn page's data to the app. */
export const SERVER_STATE_ID = "seer-server-state";

/** "Meet Our Seers · Seer"; the home page has the site's own title. */
export function pageTitle(name: string | null): string {
  return name ? `${name} · ${SITE_NAME}` : SITE_TITLE;
}

/**
 * docs/product.md#routes-and-screens (home): the Sacred Market preview shows the first 6 active products. Here, not
 * with the shop's zod schemas, so that the home page's code does not fetch zod (issue #18).
 */
export const HOME_PRODUCTS = 6;
