import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { HOME_PRODUCTS } from "../../../src/domain/site";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { Glyph } from "../../components/Glyph";
import classes from "./Home.module.css";
import icons from "./icons.module.css";

const trustBadges = [
  { title: "home.badge.verified", text: "home.badge.verifiedText", icon: icons.verified },
  { title: "home.badge.secure", text: "home.badge.secureText", icon: icons.lock },
  { title: "home.badge.global", text: "home.badge.globalText", icon: icons.world },
] as const;

function Hero() {
  const { t } = useI18n();
  return (
    <Box component="section" aria-labelledby="hero-title" className={classes.hero}>
      <Container size="xl" py={{ base: 64, sm: 96, md: 120 }} className={classes.heroInner}>
        <Stack gap="lg">
          <Text fw={700} size="sm" className={classes.eyebrow}>
            {t("home.eyebrow")}
          </Text>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            {t("home.title")}
          </Title>
          <Text size="xl" className={classes.heroLead}>
            {t("home.lead")}
          </Text>
          <Group gap="md" mt="sm">
            <Button component={Link} to="/seers" size="lg" color="ochre.4" c="dark.9">
              {t("home.browseSeers")}
            </Button>
            <Button component={Link} to="/shop" size="lg" variant="outline" color="white">
              {t("home.shopItems")}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

function TrustBadges() {
  const { t } = useI18n();
  return (
    <Box component="section" aria-label={t("home.trust")} className={classes.badges}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {trustBadges.map(({ title, text, icon }) => (
            <Group key={title} gap="sm" wrap="nowrap" justify="center">
              <div className={classes.badgeIcon}>
                <Glyph icon={icon} size={24} />
              </div>
              <div>
                <Text fw={700} data-testid="trust-badge">
                  {t(title)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(text)}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <Stack gap="xs" align="center" ta="center" mb={{ base: "xl", sm: 40 }}>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {lead && (
        <Text c="dimmed" maw={640}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}

function Section({
  id,
  title,
  lead,
  alt = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} className={`${classes.section} ${alt ? classes.sectionAlt : ""}`}>
      <Container size="xl">
        <SectionHeading id={id} title={title} lead={lead} />
        {children}
      </Container>
    </Box>
  );
}

function SeerCallToAction() {
  const { t } = useI18n();
  return (
    <Box component="section" aria-labelledby="become-seer-title" className={classes.cta}>
      <Container size="md" py={{ base: 56, sm: 80 }}>
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="become-seer-title" className={classes.ctaTitle}>
            {t("home.ctaTitle")}
          </Title>
          <Text size="lg" c="forest.0" maw={600}>
            {t("home.ctaText")}
          </Text>
          <Button component={Link} to="/become-seer" size="lg" color="ochre.4" c="dark.9">
            {t("home.ctaButton")}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

type Part = "featured" | "why" | "how" | "testimonials" | "market";

/** The sections below the first screen, in the spec's order, with `parts` as their contents. */
function Sections({ parts }: { parts: Record<Part, ReactNode> }) {
  const { t } = useI18n();
  return (
    <>
      <Section id="featured-title" title={t("home.featured")} lead={t("home.featuredLead")}>
        {parts.featured}
        <Group justify="center" mt={48}>
          <Button component={Link} to="/seers" variant="outline">
            {t("home.viewAllSeers")}
          </Button>
        </Group>
      </Section>
      <Section id="why-title" title={t("home.why")} alt>
        {parts.why}
      </Section>
      <Section id="how-title" title={t("home.how")} lead={t("home.howLead")}>
        {parts.how}
      </Section>
      <Section id="testimonials-title" title={t("home.testimonials")} alt>
        {parts.testimonials}
      </Section>
      <Section id="market-title" title={t("home.market")} lead={t("home.marketLead")}>
        {parts.market}
        <Group justify="center" mt="xl">
          <Button component={Link} to="/shop" size="md">
            {t("home.browseProducts")}
          </Button>
        </Group>
      </Section>
    </>
  );
}

/** A section's contents, from the chunk of all of them (./BelowTheFold.ts): one fetch, whichever asks first. */
const LoadedPart = lazy(() =>
  import("./BelowTheFold").then(({ FeaturedSeers, HowItWorks, MarketPreview, Testimonials, WhyChoose }) => {
    const contents = {
      featured: FeaturedSeers,
      why: WhyChoose,
      how: HowItWorks,
      testimonials: Testimonials,
      market: MarketPreview,
    };
    return {
      default: function LoadedPart({ part }: { part: Part }) {
        const Contents = contents[part];
        return <Contents />;
      },
    };
  }),
);

/** What starts fetching the sections' code: the visitor starting to scroll or to move through the page. */
const FIRST_MOVES = ["scroll", "wheel", "touchstart", "pointerdown", "keydown"] as const;
/**
 * ... or a section's reserved space coming into the window (a tall window, a jump down the page). Not before: on a
 * phone, fetching and drawing them at load, 200 px below the window, cost 400 ms of blocking time (Lighthouse, 552 ms
 * against 131) for sections nobody sees yet; a scroll starts the fetch anyway.
 */
const LOAD_MARGIN = "0px";

/**
 * The sections below the first screen (the featured Seers, the three about Seer, the Sacred Market preview: 10 KB
 * gzipped of code, with the cards, avatars and product images they draw) are fetched as one chunk when the visitor
 * starts to scroll or one of them nears the window, not with the page (issue #18). Their headings are drawn at once,
 * and each one's contents keep the height they take once drawn (Home.module.css), so that nothing below moves when
 * they arrive. Their data is still asked for with the page, so the sections show at once when their code comes.
 */
function BelowTheFold() {
  // Drawn at once only in a browser without IntersectionObserver; the server draws the reserved spaces, as the
  // browser does at first, so that hydration finds the same page.
  const [wanted, setWanted] = useState(() => typeof window !== "undefined" && typeof IntersectionObserver === "undefined");
  const reserved = useRef(new Set<HTMLDivElement>());
  useEffect(() => {
    if (wanted) return undefined;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: LOAD_MARGIN,
    });
    for (const element of reserved.current) observer.observe(element);
    for (const type of FIRST_MOVES) window.addEventListener(type, want, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of FIRST_MOVES) window.removeEventListener(type, want);
    };
  }, [wanted]);

  const reserve = (part: Part) => (
    <div
      className={classes.reserved}
      data-part={part}
      data-testid="reserved-section"
      ref={(element) => {
        if (!element) return undefined;
        reserved.current.add(element);
        return () => {
          reserved.current.delete(element);
        };
      }}
    />
  );
  // The headings stay where they are; only each section's contents take the place kept for them.
  const contents = (part: Part) =>
    wanted ? (
      <Suspense fallback={reserve(part)}>
        <LoadedPart part={part} />
      </Suspense>
    ) : (
      reserve(part)
    );
  return (
    <Sections
      parts={{
        featured: contents("featured"),
        why: contents("why"),
        how: contents("how"),
        testimonials: contents("testimonials"),
        market: contents("market"),
      }}
    />
  );
}

/** docs/product.md#routes-and-screens "/ Home", its sections in the spec's order. */
export function HomePage() {
  // The sections below the first screen fetch their code later (BelowTheFold), but their data now, as before.
  trpc.seers.featured.usePrefetchQuery();
  trpc.shop.products.usePrefetchQuery({ limit: HOME_PRODUCTS });
  return (
    <>
      <Hero />
      <TrustBadges />
      <BelowTheFold />
      <SeerCallToAction />
    </>
  );
}
