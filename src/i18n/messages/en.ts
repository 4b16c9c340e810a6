import type { AppMessageId } from "./app";

/**
 * The English messages (ICU MessageFormat), the source of every translation: ./fr.ts must give each one, with the
 * same placeholders (scripts/i18n-catalogs.test.ts). `npm run i18n` compiles both into ../compiled, which the app loads.
 * The texts docs/product.md quotes stay exactly as quoted there.
 */
export const en = {
  // The site's title and the pages' names (document titles, src/domain/pages.ts).
  "site.title": "Seer — Verified African Spiritual Guides",
  "page.seers": "Meet Our Seers",
  "page.shop": "Sacred Market",
  "page.notFound": "Page Not Found",
  "page.seerTitle": "{name}, {tradition}",

  // Header and footer (src-client/components/layout).
  "nav.seers": "Meet Our Seers",
  "nav.shop": "Sacred Market",
  "nav.wisdom": "Wisdom Hub",
  "nav.about": "About",
  "nav.contact": "Contact",
  "nav.home": "Seer home",
  "nav.main": "Main",
  "nav.mobile": "Mobile",
  "nav.skip": "Skip to content",
  "nav.logIn": "Log In",
  "nav.myArticles": "My Articles",
  "nav.writeArticle": "Write an Article",
  "nav.admin": "Admin",
  "nav.dashboard": "Dashboard",
  "nav.darkColours": "Use dark colours",
  "nav.lightColours": "Use light colours",
  "nav.openMenu": "Open menu",
  "nav.closeMenu": "Close menu",
  "nav.unreachable": "Connection lost. Trying to reconnect…",
  "nav.checkingSignIn": "Checking sign-in",
  "language.label": "Language",
  "currency.label": "Currency",
  "currency.set": "Set",
  "footer.lead": "Book video consultations with verified African spiritual guides, and find sacred goods in the Sacred Market.",
  "footer.quickLinks": "Quick Links",
  "footer.forSeers": "For Seers",
  "footer.legal": "Legal",
  "footer.becomeSeer": "Become a Seer",
  "footer.seerDashboard": "Seer Dashboard",
  "footer.terms": "Terms of Service",
  "footer.privacy": "Privacy Policy",
  "footer.proof": "10,000+ Consultations Completed | Verified Spiritual Guides",
  "footer.rights": "© {year} Seer. All rights reserved.",

  // The home page (src-client/features/home).
  "home.eyebrow": "Authentic African spiritual guidance",
  "home.title": "Connect with Verified African Spiritual Guides",
  "home.lead":
    "Book private video consultations with diviners, healers and priests of living traditions, and discover sacred items from across the continent.",
  "home.browseSeers": "Browse Seers",
  "home.shopItems": "Shop Sacred Items",
  "home.trust": "Why you can trust Seer",
  "home.badge.verified": "Verified Seers",
  "home.badge.verifiedText": "Every guide's lineage and identity reviewed",
  "home.badge.secure": "Secure Bookings",
  "home.badge.secureText": "Card payments through a trusted processor",
  "home.badge.global": "Global Access",
  "home.badge.globalText": "Video consultations from anywhere",
  "home.featured": "Featured Spiritual Guides",
  "home.featuredLead": "Our most highly rated Seers, ready to guide you.",
  "home.viewAllSeers": "View All Seers",
  "home.why": "Why Choose Seer?",
  "home.how": "How It Works",
  "home.howLead": "From first search to a meaningful conversation in four steps.",
  "home.testimonials": "What Our Clients Say",
  "home.market": "Sacred Market",
  "home.marketLead": "Authentic spiritual items, handcrafted by artisans across Africa.",
  "home.browseProducts": "Browse All Products",
  "home.ctaTitle": "Are You a Spiritual Guide?",
  "home.ctaText":
    "Share your gift with seekers around the world. Apply to become a verified Seer, set your prices and keep 80% of every consultation.",
  "home.ctaButton": "Apply to Become a Seer",

  // The directory (src-client/features/seers/SeerDirectory.tsx).
  "seers.title": "Meet Our Seers",
  "seers.lead":
    "Verified spiritual guides from across Africa. Search by name or story, or narrow the list by country, specialization and language.",
  "seers.find": "Find a Seer",
  "seers.searchPlaceholder": "Search by name or biography",
  "seers.country": "Country",
  "seers.allCountries": "All Countries",
  "seers.specialization": "Specialization",
  "seers.allSpecializations": "All Specializations",
  "seers.language": "Language",
  "seers.allLanguages": "All Languages",
  "seers.clear": "Clear Filters",
  "seers.loading": "Loading Seers…",
  "seers.loadError": "Could not load Seers",
  "seers.loadErrorText": "Something went wrong while loading the Seers. Please try again.",
  "seers.tryAgain": "Try again",
  "seers.none": "No Seers found matching your criteria",
  "seers.showing": "Showing {shown} of {total} Seers",

  // A protected page that could not reach the server (src-client/features/account/notices.ts): shown even when the
  // app's catalog could not be fetched either.
  "access.connectionLost": "Connection Lost",
  "access.connectionLostMessage": "We could not reach Seer. Please check your connection and reload this page; you are still signed in.",
} as const;

/** A message of this public catalog. */
export type PublicMessageId = keyof typeof en;
/** Any message: of the public catalog or of the app's (./app). */
export type MessageId = PublicMessageId | AppMessageId;
