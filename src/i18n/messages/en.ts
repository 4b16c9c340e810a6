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
  "home.why.authentic": "Verified Authenticity",
  "home.why.authenticText":
    "Every Seer is reviewed before they appear: lineage, training, years of practice and identity. No impostors, no costumes.",
  "home.why.private": "Private and Safe",
  "home.why.privateText":
    "Consultations are confidential video sessions. Card payments go through a secure payment processor and are never stored by us.",
  "home.why.fair": "Fair to Our Guides",
  "home.why.fairText":
    "Seers keep 80% of every consultation fee, so the people who carry these traditions are paid properly for their wisdom.",
  "home.step": "Step {number}",
  "home.step.browse": "Browse Seers",
  "home.step.browseText": "Browse Seers by specialty, country and language, and read their stories and reviews.",
  "home.step.choose": "Choose Your Session",
  "home.step.chooseText": "Choose 15, 30 or 60 minutes, then a date and time that suit you.",
  "home.step.pay": "Book and Pay",
  "home.step.payText": "Book and pay securely by card. Your booking is confirmed at once.",
  "home.step.connect": "Connect",
  "home.step.connectText": "Receive a consultation link by e-mail and connect with your Seer by video at the agreed time.",
  "home.quote": "“{quote}”",
  "home.testimonial.adwoaPlace": "London, United Kingdom",
  "home.testimonial.adwoa":
    "I had not spoken to anyone from my grandmother's tradition in years. My reading felt like coming home, and the advice was practical and kind.",
  "home.testimonial.marcusPlace": "Atlanta, United States",
  "home.testimonial.marcus":
    "Booking was simple and the Seer took time to explain every step of the divination. I finally understood the path my family had walked.",
  "home.testimonial.chiamakaPlace": "Toronto, Canada",
  "home.testimonial.chiamaka":
    "Knowing the guides are verified made all the difference. The 30-minute session was calm, respectful and deeply meaningful.",
  "home.featuredRegion": "Featured Seers",
  "home.slide": "{index} of {count}",
  "home.previousSeer": "Previous Seer",
  "home.nextSeer": "Next Seer",
  "home.showSeer": "Show Seer {index} of {count}",
  "home.loadingFeatured": "Loading featured Seers",
  "home.featuredError": "Featured Seers are unavailable right now",
  "home.featuredErrorText": "Please try again later, or browse all Seers instead.",
  "home.featuredNone": "Our first Seers are being verified. Check back soon.",
  "home.bookNow": "Book Now",
  "home.bookNowWith": "Book Now with {name}",
  "home.loadingProducts": "Loading products",
  "home.marketError": "The Sacred Market preview is unavailable right now",
  "home.marketErrorText": "You can still browse every product in the shop.",
  "home.marketNone": "New sacred items are on their way.",

  // What the Seers' cards and profile share (home, directory, profile), and the stars (src-client/components/StarRating.tsx).
  "rating.label": "Rated {rating} out of 5",
  "rating.new": "New",
  "rating.reviews": "{count, plural, one {# review} other {# reviews}}",
  "seer.portrait": "Portrait of {name}",
  "seer.startingFrom": "Starting from",

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
  "seers.more": "+{count}",

  // A Seer's profile (src-client/features/seers/SeerProfile.tsx, SeerNotFound.tsx).
  "seer.loadError": "Could not load this Seer",
  "seer.loadErrorText": "Something went wrong while loading this profile. Please try again later.",
  "seer.years": "{years}+ years of practice",
  "seer.specializations": "Specializations",
  "seer.about": "About",
  "seer.reviews": "Client Reviews",
  "seer.reviewsError": "Reviews could not be loaded.",
  "seer.noReviews": "No reviews yet.",
  "seer.anonymous": "Anonymous",
  "seer.reply": "Reply from {name}",
  "seer.book": "Book a Consultation",
  "seer.noPrices": "This Seer has not published session prices yet.",
  "seer.session15": "15 Minutes",
  "seer.session15Text": "Quick spiritual check",
  "seer.session30": "30 Minutes",
  "seer.session30Text": "Full consultation",
  "seer.session60": "60 Minutes",
  "seer.session60Text": "Deep spiritual reading",
  "seer.notFound": "Seer Not Found",
  "seer.notFoundText": "The Seer you're looking for doesn't exist or is not available.",

  // The lists' search forms and pages (src-client/components/SearchForm.tsx, LoadMore.tsx).
  "list.search": "Search",
  "list.loadMore": "Load more",
  "list.firstPage": "Back to the first page",

  // A protected page that could not reach the server (src-client/features/account/notices.ts): shown even when the
  // app's catalog could not be fetched either.
  "access.connectionLost": "Connection Lost",
  "access.connectionLostMessage": "We could not reach Seer. Please check your connection and reload this page; you are still signed in.",
} as const;

/** A message of this public catalog. */
export type PublicMessageId = keyof typeof en;
/** Any message: of the public catalog or of the app's (./app). */
export type MessageId = PublicMessageId | AppMessageId;
