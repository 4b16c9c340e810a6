/**
 * What search engines and link previews read of each static page (the description the server writes into its head),
 * apart from the page list in ./pages.ts, which the client's code carries to every page (issue #18).
 */
export const SITE_DESCRIPTION = "Book video consultations with verified African spiritual guides and shop sacred goods.";

/** By page, as ./pages.ts writes them; a page without one has the site's. */
export const pageDescriptions: Partial<Record<string, string>> = {
  "/seers":
    "Browse verified African spiritual guides by tradition, country, specialization and language, and book a 15, 30 or 60 minute video consultation.",
  "/shop": "Sacred goods from across Africa, chosen for their spiritual use: beads, cloth, carvings, herbs and more.",
  "/wisdom": "Articles on African spiritual traditions, written by Seers and our community.",
  "/become-seer": "Apply to offer paid video consultations as a verified spiritual guide.",
  "/about": "Who we are and how Seer verifies its spiritual guides.",
  "/contact": "Write to the Seer team.",
};

/**
 * The French descriptions (issue #45) of the pages translated so far; a page without one has the site's French one.
 * Only the server writes them, so they are here rather than in the client's catalogs.
 */
export const SITE_DESCRIPTION_FR =
  "Réservez des consultations vidéo avec des guides spirituels africains vérifiés et découvrez des objets sacrés.";

export const pageDescriptionsFr: Partial<Record<string, string>> = {
  "/seers":
    "Parcourez les guides spirituels africains vérifiés par tradition, pays, spécialité et langue, et réservez une consultation vidéo de 15, 30 ou 60 minutes.",
  "/shop":
    "Des objets sacrés de toute l’Afrique, choisis pour leur usage spirituel : perles, tissus, sculptures, plantes et plus encore.",
  "/wisdom": "Des articles sur les traditions spirituelles africaines, écrits par des Seers et par notre communauté.",
  "/about": "Qui nous sommes et comment Seer vérifie ses guides spirituels.",
  "/contact": "Écrivez à l’équipe de Seer.",
  "/terms": "Les conditions d’utilisation de Seer\u202f: consultations, paiements, annulations, remboursements et retours.",
  "/privacy": "Comment Seer recueille, utilise, protège et conserve vos données personnelles, et quels sont vos droits.",
};
