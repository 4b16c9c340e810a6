import { Badge, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconLanguage, IconMapPin, IconStarFilled } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { usePrice } from "../../lib/price";
import { SeerAvatar } from "../../components/SeerAvatar";
import { formatRating } from "../../components/StarRating";
import { CARD_LIST_LENGTH, ratingOf, startingPrice } from "./display";
import type { Seer } from "./types";
import classes from "./SeerCard.module.css";

type CardSeer = Pick<
  Seer,
  | "id"
  | "fullName"
  | "tradition"
  | "profileImageUrl"
  | "averageRating"
  | "totalReviews"
  | "specializations"
  | "country"
  | "languages"
  | "price15Min"
  | "price30Min"
>;

/** One Seer in the directory (docs/product.md#routes-and-screens "/seers Directory"); the whole card links to the profile. */
export function SeerCard({ seer }: { seer: CardSeer }) {
  const rating = ratingOf(seer);
  const shownSpecializations = seer.specializations.slice(0, CARD_LIST_LENGTH);
  const moreSpecializations = seer.specializations.length - shownSpecializations.length;
  const moreLanguages = seer.languages.length > CARD_LIST_LENGTH;
  const price = startingPrice(seer);
  const money = usePrice();
  const { t } = useI18n();

  return (
    <Link to="/seers/$id" params={{ id: seer.id }} className={classes.link} data-testid="seer-card">
      <Card withBorder padding="lg" radius="md" h="100%" className={classes.card}>
        <Stack gap="sm" h="100%">
          <Group wrap="nowrap" align="flex-start">
            <SeerAvatar name={seer.fullName} src={seer.profileImageUrl} size="lg" alt="" />
            <Stack gap={2} miw={0}>
              <Title order={2} fz="h4" lh={1.2}>
                {seer.fullName}
              </Title>
              <Text size="sm" c="dimmed">
                {seer.tradition}
              </Text>
              {rating > 0 && (
                <Group gap={4} wrap="nowrap" data-testid="seer-rating">
                  <IconStarFilled size={14} color="var(--mantine-color-ochre-6)" aria-hidden />
                  <Text size="sm" fw={600}>
                    {formatRating(rating)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    ({t("rating.reviews", { count: seer.totalReviews })})
                  </Text>
                </Group>
              )}
            </Stack>
          </Group>

          {seer.specializations.length > 0 && (
            <Group gap={6}>
              {shownSpecializations.map((s) => (
                <Badge key={s} variant="light" color="terracotta" tt="none">
                  {s}
                </Badge>
              ))}
              {moreSpecializations > 0 && (
                <Badge variant="outline" color="gray" tt="none" title={seer.specializations.slice(CARD_LIST_LENGTH).join(", ")}>
                  {t("seers.more", { count: moreSpecializations })}
                </Badge>
              )}
            </Group>
          )}

          <Stack gap={4}>
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{seer.country}</Text>
            </Group>
            {seer.languages.length > 0 && (
              <Group gap={6} wrap="nowrap">
                <IconLanguage size={16} aria-hidden />
                <Text size="sm" data-testid="seer-languages">
                  {seer.languages.slice(0, CARD_LIST_LENGTH).join(", ")}
                  {moreLanguages && "…"}
                </Text>
              </Group>
            )}
          </Stack>

          {price !== null && (
            <Text size="sm" mt="auto" pt="xs" className={classes.price}>
              {t("seer.startingFrom")}{" "}
              <Text span fw={700} c="var(--seer-accent-text)">
                {money(price)}
              </Text>
            </Text>
          )}
        </Stack>
      </Card>
    </Link>
  );
}

export function SeerCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="seer-card-skeleton" aria-hidden>
      <Group wrap="nowrap">
        <Skeleton circle height={56} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={16} width="70%" />
          <Skeleton height={12} width="45%" />
        </Stack>
      </Group>
      <Group gap={6} mt="md">
        <Skeleton height={20} width={80} radius="xl" />
        <Skeleton height={20} width={96} radius="xl" />
      </Group>
      <Skeleton height={12} width="40%" mt="md" />
      <Skeleton height={12} width="55%" mt={8} />
      <Skeleton height={14} width="50%" mt="lg" />
    </Card>
  );
}
