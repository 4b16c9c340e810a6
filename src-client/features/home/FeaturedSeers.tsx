import "@mantine/carousel/styles.css";
import { Carousel } from "@mantine/carousel";
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { formatGhs } from "../../../src/domain/money";
import { SeerAvatar } from "../../components/SeerAvatar";
import { formatRating } from "../../components/StarRating";
import { trpc, type RouterOutputs } from "../../trpc";
import classes from "./Home.module.css";

export type FeaturedSeer = RouterOutputs["seers"]["featured"][number];

/** docs/product.md#constants-and-limits: the home page features the top 3 approved Seers by averageRating. */
export const FEATURED_COUNT = 3;
const HOME_CARD_SPECIALIZATIONS = 2;

const ratingOf = (seer: Pick<FeaturedSeer, "averageRating">): number => Number(seer.averageRating) || 0;

/**
 * The server already orders by rating; sorting again here keeps the carousel right whatever order a
 * cached or older response has.
 */
export function topRated(seers: readonly FeaturedSeer[]): FeaturedSeer[] {
  return [...seers].sort((a, b) => ratingOf(b) - ratingOf(a)).slice(0, FEATURED_COUNT);
}

/** The home card's starting price is the 15-minute price (docs/product.md#routes-and-screens), else the shortest session offered. */
const startingPrice = (seer: FeaturedSeer): string | null => seer.price15Min ?? seer.price30Min ?? seer.price60Min;

export function HomeSeerCard({ seer }: { seer: FeaturedSeer }) {
  const rating = ratingOf(seer);
  const price = startingPrice(seer);
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.card} data-testid="featured-seer">
      <Stack align="center" ta="center" gap="sm" h="100%">
        {seer.profileImageUrl ? (
          <img
            src={seer.profileImageUrl}
            alt={`Portrait of ${seer.fullName}`}
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className={classes.seerPhoto}
          />
        ) : (
          <SeerAvatar name={seer.fullName} src={null} size={96} alt={`Portrait of ${seer.fullName}`} />
        )}
        <div>
          <Title order={3} fz="h3" lh={1.2}>
            {seer.fullName}
          </Title>
          <Text size="sm" c="dimmed">
            {seer.tradition}
          </Text>
        </div>
        <Group gap={6} justify="center">
          {seer.specializations.slice(0, HOME_CARD_SPECIALIZATIONS).map((s) => (
            <Badge key={s} variant="light" color="terracotta" tt="none">
              {s}
            </Badge>
          ))}
        </Group>
        <Group gap={4} justify="center" wrap="nowrap" data-testid="featured-seer-rating">
          <IconStarFilled size={16} color="var(--mantine-color-ochre-6)" aria-hidden />
          <Text fw={700}>{rating > 0 ? formatRating(rating) : "New"}</Text>
          {seer.totalReviews > 0 && (
            <Text size="sm" c="dimmed">
              ({seer.totalReviews} {seer.totalReviews === 1 ? "review" : "reviews"})
            </Text>
          )}
        </Group>
        {price && (
          <Text size="sm">
            Starting from{" "}
            <Text span fw={700} c="var(--seer-accent-text)" data-testid="featured-seer-price">
              {formatGhs(price)}
            </Text>
          </Text>
        )}
        <Button
          renderRoot={(props) => <Link {...props} to="/seers/$id" params={{ id: seer.id }} />}
          mt="auto"
          fullWidth
          aria-label={`Book Now with ${seer.fullName}`}
        >
          Book Now
        </Button>
      </Stack>
    </Card>
  );
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

/** Featured Spiritual Guides: a looping carousel of the top-rated approved Seers (docs/product.md#routes-and-screens, §9). */
export function FeaturedSeers() {
  const featured = trpc.seers.featured.useQuery();
  const seers = featured.data ? topRated(featured.data) : [];

  return (
    <>
      {featured.isPending && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="lg"
          aria-busy="true"
          aria-label="Loading featured Seers"
          role="status"
        >
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            <SeerCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      )}
      {featured.isError && (
        <Alert color="terracotta" title="Featured Seers are unavailable right now">
          Please try again later, or browse all Seers instead.
        </Alert>
      )}
      {featured.isSuccess && seers.length === 0 && (
        <Text ta="center" c="dimmed">
          Our first Seers are being verified. Check back soon.
        </Text>
      )}
      {seers.length > 0 && (
        <Carousel
          role="region"
          aria-label="Featured Seers"
          aria-roledescription="carousel"
          slideSize={{ base: "100%", sm: "50%", md: "33.333333%" }}
          slideGap="lg"
          emblaOptions={{ loop: true, align: "start" }}
          withIndicators
          controlsOffset="xs"
          previousControlProps={{ "aria-label": "Previous Seer" }}
          nextControlProps={{ "aria-label": "Next Seer" }}
          getIndicatorProps={(index) => ({ "aria-label": `Show Seer ${index + 1} of ${seers.length}` })}
          styles={{ indicators: { bottom: "-1.75rem" }, indicator: { backgroundColor: "var(--mantine-color-terracotta-7)" } }}
          pb="xl"
        >
          {seers.map((seer, index) => (
            <Carousel.Slide
              key={seer.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${seers.length}`}
            >
              <HomeSeerCard seer={seer} />
            </Carousel.Slide>
          ))}
        </Carousel>
      )}
    </>
  );
}
