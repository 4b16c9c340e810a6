import { Alert, Card, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { ratingOf } from "../seers/display";
import { type FeaturedSeer, HomeSeerCard } from "./HomeSeerCard";
import classes from "./Home.module.css";

/** docs/product.md#constants-and-limits: the home page features the top 3 approved Seers by averageRating. */
export const FEATURED_COUNT = 3;

/**
 * The server already orders by rating; sorting again here keeps the carousel right whatever order a
 * cached or older response has.
 */
export function topRated(seers: readonly FeaturedSeer[]): FeaturedSeer[] {
  return [...seers].sort((a, b) => ratingOf(b) - ratingOf(a)).slice(0, FEATURED_COUNT);
}

function SeerCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="xl" aria-hidden data-testid="featured-seer-skeleton">
      <Stack align="center" gap="sm">
        <Skeleton circle height={96} />
        <Skeleton height={20} width="60%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={36} mt="md" />
      </Stack>
    </Card>
  );
}

const SeersCarousel = lazy(() => import("./SeersCarousel"));

/** How far below the window the carousel's code starts loading, so that it is there before the carousel is seen. */
const CAROUSEL_LOAD_MARGIN = "0px 0px 200px 0px";

/** Whether the element is within `margin` of the window: once true, stays true. */
function useNearWindow(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (an old browser), at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near, load: () => setNear(true) };
}

/**
 * The Seers' cards laid out as the carousel lays them out before it starts (same slide sizes, gap and padding), for the
 * time before its code arrives: the carousel (embla and Mantine's Carousel, 10 KB gzipped) is fetched when it comes
 * near the window or is touched, not with the page, which it would otherwise weigh on for every first visit below the
 * fold (issue #18). The carousel then takes its place without moving anything.
 */
function StaticSlides({ seers, ...rest }: { seers: FeaturedSeer[] } & Omit<ComponentProps<"div">, "children">) {
  const { t } = useI18n();
  return (
    <div role="region" aria-label={t("home.featuredRegion")} aria-roledescription="carousel" className={classes.slides} {...rest}>
      <div className={classes.slidesViewport}>
        <div className={classes.slidesContainer}>
          {seers.map((seer, index) => (
            <div
              key={seer.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.slide", { index: index + 1, count: seers.length })}
              className={classes.slide}
            >
              <HomeSeerCard seer={seer} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function FeaturedCarousel({ seers }: { seers: FeaturedSeer[] }) {
  const { ref, near, load } = useNearWindow(CAROUSEL_LOAD_MARGIN);
  if (!near) return <StaticSlides seers={seers} ref={ref} onPointerEnter={load} onFocus={load} onTouchStart={load} />;
  return (
    <Suspense fallback={<StaticSlides seers={seers} />}>
      <SeersCarousel seers={seers} />
    </Suspense>
  );
}

/** Featured Spiritual Guides: a looping carousel of the top-rated approved Seers (docs/product.md#routes-and-screens, §9). */
export function FeaturedSeers() {
  const featured = trpc.seers.featured.useQuery();
  const seers = featured.data ? topRated(featured.data) : [];
  const { t } = useI18n();

  return (
    <>
      {featured.isPending && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="lg"
          aria-busy="true"
          aria-label={t("home.loadingFeatured")}
          role="status"
        >
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            <SeerCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      )}
      {featured.isError && (
        <Alert color="terracotta" title={t("home.featuredError")}>
          {t("home.featuredErrorText")}
        </Alert>
      )}
      {featured.isSuccess && seers.length === 0 && (
        <Text ta="center" c="dimmed">
          {t("home.featuredNone")}
        </Text>
      )}
      {seers.length > 0 && <FeaturedCarousel seers={seers} />}
    </>
  );
}
