/**
 * The home page's sections below its first screen, as one chunk that HomePage.tsx fetches when the visitor starts to
 * scroll or a section nears the window (issue #18).
 */
export { FeaturedSeers } from "./FeaturedSeers";
export { HowItWorks, Testimonials, WhyChoose } from "./InfoSections";
export { MarketPreview } from "./MarketPreview";
