/**
 * What the server writes into the heads of the public pages (src-server/modules/pages/heads.ts) beside their titles,
 * which are the public catalog's. A Seer's biography and a product's description are written by people, in their own
 * language: the French page's preview describes them from their facts instead (`*Description`), so that a link shared
 * in French reads French; the English page keeps what they wrote, as before.
 */
const en = {
  "pages.seerDescription":
    "{name} ({tradition}, {country}): book a 15, 30 or 60 minute video consultation with this verified spiritual guide on Seer.",
  "pages.productDescription": "{name} ({origin}): a sacred item from Seer’s Sacred Market, chosen for its spiritual use.",
  "pages.productDescriptionNoOrigin": "{name}: a sacred item from Seer’s Sacred Market, chosen for its spiritual use.",
  "pages.seerJobTitle": "Spiritual guide",
  "pages.articleAuthor": "Seer community",
} as const;

const fr: Record<keyof typeof en, string> = {
  "pages.seerDescription":
    "{name} ({tradition}, {country})\u202f: réservez une consultation vidéo de 15, 30 ou 60\u00a0minutes avec ce guide spirituel vérifié sur Seer.",
  "pages.productDescription": "{name} ({origin})\u202f: un objet sacré du Marché sacré de Seer, choisi pour son usage spirituel.",
  "pages.productDescriptionNoOrigin": "{name}\u202f: un objet sacré du Marché sacré de Seer, choisi pour son usage spirituel.",
  "pages.seerJobTitle": "Guide spirituel",
  "pages.articleAuthor": "Communauté Seer",
};

export const pages = { en, fr };
