import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { usePrice } from "../../lib/price";
import { Glyph } from "../../components/Glyph";
import { SeerAvatar } from "../../components/SeerAvatar";
import { formatRating } from "../../components/StarRating";
import type { RouterOutputs } from "../../trpc";
import { ratingOf } from "../seers/display";
import stars from "../../components/StarRating.module.css";
import classes from "./Home.module.css";

export type FeaturedSeer = RouterOutputs["seers"]["featured"][number];

const HOME_CARD_SPECIALIZATIONS = 2;

/** The home card's starting price is the 15-minute price (docs/product.md#routes-and-screens), else the shortest session offered. */
const startingPrice = (seer: FeaturedSeer): string | null => seer.price15Min ?? seer.price30Min ?? seer.price60Min;

export function HomeSeerCard({ seer }: { seer: FeaturedSeer }) {
  const rating = ratingOf(seer);
  const price = startingPrice(seer);
  const money = usePrice("GHS");
  const { t } = useI18n();
  const portrait = t("seer.portrait", { name: seer.fullName });
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.card} data-testid="featured-seer">
      <Stack align="center" ta="center" gap="sm" h="100%">
        {seer.profileImageUrl ? (
          <img
            src={seer.profileImageUrl}
            alt={portrait}
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className={classes.seerPhoto}
          />
        ) : (
          <SeerAvatar name={seer.fullName} src={null} size={96} alt={portrait} />
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
          <Glyph icon={stars.filled} size={16} color="var(--mantine-color-ochre-6)" />
          <Text fw={700}>{rating > 0 ? formatRating(rating) : t("rating.new")}</Text>
          {seer.totalReviews > 0 && (
            <Text size="sm" c="dimmed">
              ({t("rating.reviews", { count: seer.totalReviews })})
            </Text>
          )}
        </Group>
        {price && (
          <Text size="sm">
            {t("seer.startingFrom")}{" "}
            <Text span fw={700} c="var(--seer-accent-text)" data-testid="featured-seer-price">
              {money(price)}
            </Text>
          </Text>
        )}
        <Button
          renderRoot={(props) => <Link {...props} to="/seers/$id" params={{ id: seer.id }} />}
          mt="auto"
          fullWidth
          aria-label={t("home.bookNowWith", { name: seer.fullName })}
        >
          {t("home.bookNow")}
        </Button>
      </Stack>
    </Card>
  );
}
