import { htmlToText } from "../../../src/domain/articles";
import { pageTitle } from "../../../src/domain/pages";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { translator } from "../../platform/i18n";
import { summary, type PageHead } from "./html";

/** The lookups a page's head needs, each throwing NOT_FOUND for what a visitor may not see. */
export interface PageSources {
  seer(id: string): Promise<{
    id: string;
    fullName: string;
    tradition: string;
    biography: string;
    country: string;
    languages: string[];
    specializations: string[];
    profileImageUrl: string | null;
    averageRating: string;
    totalReviews: number;
  }>;
  product(slug: string): Promise<{
    name: string;
    slug: string;
    description: string;
    origin: string | null;
    price: string;
    currency: string;
    imageUrl: string | null;
    stockQuantity: number;
  }>;
  article(slug: string): Promise<{
    article: {
      title: string;
      slug: string;
      excerpt: string | null;
      content: string;
      featuredImageUrl: string | null;
      publishedAt: Date | null;
      updatedAt: Date;
    };
    author: { firstName: string | null; lastName: string | null };
  }>;
}

/** The head of a page that exists, for the page of one Seer, product or article. */
type Found = { status: 200; head: PageHead };
/** Where a page is (its canonical address), a stored image's absolute address (or null), and the page's language. */
interface Urls {
  canonical: string;
  absolute: (url: string | null | undefined) => string | null;
  locale: Locale;
}

/** A Seer's profile page: a Person. */
export function seerHead(seer: Awaited<ReturnType<PageSources["seer"]>>, { canonical, absolute, locale }: Urls): Found {
  const t = translator(locale);
  // What the Seer wrote is in their language: another language's preview describes them from their facts.
  const description =
    locale === DEFAULT_LOCALE
      ? seer.biography
      : t("pages.seerDescription", { name: seer.fullName, tradition: seer.tradition, country: seer.country });
  return {
    status: 200,
    head: {
      title: pageTitle(t("page.seerTitle", { name: seer.fullName, tradition: seer.tradition })),
      description: summary(description),
      canonical,
      image: absolute(seer.profileImageUrl),
      type: "profile",
      noindex: false,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Person",
        name: seer.fullName,
        description: summary(seer.biography, 300),
        url: canonical,
        ...(absolute(seer.profileImageUrl) ? { image: absolute(seer.profileImageUrl) } : {}),
        jobTitle: t("pages.seerJobTitle"),
        knowsAbout: [seer.tradition, ...seer.specializations],
        knowsLanguage: seer.languages,
        homeLocation: { "@type": "Country", name: seer.country },
      },
    },
  };
}

/** A product's page: a Product with its Offer. */
export function productHead(
  product: Awaited<ReturnType<PageSources["product"]>>,
  { canonical, absolute, locale }: Urls,
): Found {
  const t = translator(locale);
  // What the vendor wrote is in their language: another language's preview describes the product from its facts.
  const description =
    locale === DEFAULT_LOCALE
      ? product.description
      : product.origin
        ? t("pages.productDescription", { name: product.name, origin: product.origin })
        : t("pages.productDescriptionNoOrigin", { name: product.name });
  return {
    status: 200,
    head: {
      title: pageTitle(product.name),
      description: summary(description),
      canonical,
      image: absolute(product.imageUrl),
      type: "product",
      noindex: false,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: summary(product.description, 300),
        url: canonical,
        ...(absolute(product.imageUrl) ? { image: absolute(product.imageUrl) } : {}),
        offers: {
          "@type": "Offer",
          price: product.price,
          priceCurrency: product.currency,
          availability: product.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          url: canonical,
        },
      },
    },
  };
}

/** An article's page: an Article with its author. */
export function articleHead(
  { article, author }: Awaited<ReturnType<PageSources["article"]>>,
  { canonical, absolute, locale }: Urls,
): Found {
  const authorName = [author.firstName, author.lastName].filter(Boolean).join(" ") || translator(locale)("pages.articleAuthor");
  return {
    status: 200,
    head: {
      title: pageTitle(article.title),
      description: summary(article.excerpt ?? htmlToText(article.content)),
      canonical,
      image: absolute(article.featuredImageUrl),
      type: "article",
      noindex: false,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: summary(article.excerpt ?? htmlToText(article.content), 300),
        url: canonical,
        ...(absolute(article.featuredImageUrl) ? { image: absolute(article.featuredImageUrl) } : {}),
        ...(article.publishedAt ? { datePublished: article.publishedAt.toISOString() } : {}),
        dateModified: article.updatedAt.toISOString(),
        author: { "@type": "Person", name: authorName },
      },
    },
  };
}
