import { Alert, Badge, Card, Container, Divider, Grid, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconClock, IconLanguage, IconMapPin } from "@tabler/icons-react";
import { getRouteApi, Link } from "@tanstack/react-router";
import type { MessageId } from "../../../src/i18n/messages/en";
import { useI18n } from "../../lib/i18n";
import { usePrice } from "../../lib/price";
import { SeerAvatar } from "../../components/SeerAvatar";
import { formatRating, StarRating } from "../../components/StarRating";
import { LocalDate } from "../../components/LocalDate";
import { trpc } from "../../trpc";
import { ratingOf, reviewerName } from "./display";
import { SeerNotFound } from "./SeerNotFound";
import type { Seer, SeerReview } from "./types";
import classes from "./SeerCard.module.css";
import { usePageTitle } from "../../lib/page-title";

const route = getRouteApi("/seers/$id");

const sessions = [
  { session: "15min", title: "seer.session15", description: "seer.session15Text", price: (s: Seer) => s.price15Min },
  { session: "30min", title: "seer.session30", description: "seer.session30Text", price: (s: Seer) => s.price30Min },
  { session: "60min", title: "seer.session60", description: "seer.session60Text", price: (s: Seer) => s.price60Min },
] as const satisfies readonly { session: string; title: MessageId; description: MessageId; price: unknown }[];

/** docs/product.md#routes-and-screens "/seers/{id} Seer profile". */
export function SeerProfile() {
  const { id } = route.useParams();
  const seer = trpc.seers.byId.useQuery({ id });
  const reviews = trpc.seers.reviews.useQuery({ id }, { enabled: seer.isSuccess });
  const { t } = useI18n();
  usePageTitle(seer.data && t("page.seerTitle", { name: seer.data.fullName, tradition: seer.data.tradition }));

  if (seer.isPending) return <ProfileSkeleton />;
  if (seer.isError) {
    if (seer.error.data?.code === "NOT_FOUND") return <SeerNotFound />;
    return (
      <Container size="lg" py="xl">
        <Alert color="red" title={t("seer.loadError")} role="alert">
          {t("seer.loadErrorText")}
        </Alert>
      </Container>
    );
  }

  const s = seer.data;
  const rating = ratingOf(s);

  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Group wrap="nowrap" align="flex-start" gap="lg">
              <SeerAvatar name={s.fullName} src={s.profileImageUrl} size={96} />
              <Stack gap={6} miw={0}>
                <Title order={1}>{s.fullName}</Title>
                <Text c="dimmed" size="lg">
                  {s.tradition}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <StarRating value={rating} />
                  <Text fw={600}>{formatRating(rating)}</Text>
                  <Text c="dimmed">({t("rating.reviews", { count: s.totalReviews })})</Text>
                </Group>
              </Stack>
            </Group>

            <Stack gap={6}>
              <Group gap={8} wrap="nowrap">
                <IconMapPin size={18} aria-hidden />
                <Text>{s.country}</Text>
              </Group>
              {s.languages.length > 0 && (
                <Group gap={8} wrap="nowrap">
                  <IconLanguage size={18} aria-hidden />
                  <Text>{s.languages.join(", ")}</Text>
                </Group>
              )}
              <Group gap={8} wrap="nowrap">
                <IconClock size={18} aria-hidden />
                <Text>{t("seer.years", { years: s.yearsOfPractice })}</Text>
              </Group>
            </Stack>

            {s.specializations.length > 0 && (
              <section aria-labelledby="seer-specializations">
                <Title order={2} fz="h4" id="seer-specializations" mb="xs">
                  {t("seer.specializations")}
                </Title>
                <Group gap={6}>
                  {s.specializations.map((spec) => (
                    <Badge key={spec} variant="light" tt="none">
                      {spec}
                    </Badge>
                  ))}
                </Group>
              </section>
            )}

            <section aria-labelledby="seer-about">
              <Title order={2} fz="h4" id="seer-about" mb="xs">
                {t("seer.about")}
              </Title>
              <Text style={{ whiteSpace: "pre-line" }}>{s.biography}</Text>
            </section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <SessionOptions seer={s} />
        </Grid.Col>
      </Grid>

      <Divider my="xl" />

      <section aria-labelledby="client-reviews">
        <Title order={2} id="client-reviews" mb="md">
          {t("seer.reviews")}
        </Title>
        {reviews.isPending ? (
          <Stack gap="sm" aria-hidden>
            <Skeleton height={72} />
            <Skeleton height={72} />
          </Stack>
        ) : reviews.isError ? (
          <Text c="dimmed">{t("seer.reviewsError")}</Text>
        ) : reviews.data.length === 0 ? (
          <Text c="dimmed">{t("seer.noReviews")}</Text>
        ) : (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {reviews.data.map((review) => (
              <ReviewItem key={review.id} review={review} seerName={s.fullName} />
            ))}
          </Stack>
        )}
      </section>
    </Container>
  );
}

/** The profile's booking panel: each session length the Seer has priced, linking to the booking wizard. */
function SessionOptions({ seer: s }: { seer: Seer }) {
  const money = usePrice();
  const { t } = useI18n();
  const offered = sessions.flatMap((option) => {
    const price = option.price(s);
    return price ? [{ ...option, price }] : [];
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="book-a-consultation">
      <Title order={2} fz="h3" id="book-a-consultation" mb="md">
        {t("seer.book")}
      </Title>
      {offered.length === 0 ? (
        <Text c="dimmed">{t("seer.noPrices")}</Text>
      ) : (
        <Stack gap="sm">
          {offered.map((option) => (
            <Link
              key={option.session}
              to="/book/$id"
              params={{ id: s.id }}
              search={{ session: option.session }}
              className={classes.link}
              data-testid={`session-${option.session}`}
            >
              <Card withBorder padding="md" className={classes.card}>
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={700}>{t(option.title)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(option.description)}
                    </Text>
                  </Stack>
                  <Text fw={700} c="var(--seer-accent-text)" size="lg">
                    {money(option.price)}
                  </Text>
                </Group>
              </Card>
            </Link>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function ReviewItem({ review, seerName }: { review: SeerReview; seerName: string }) {
  const { t } = useI18n();
  const name = reviewerName(review.client, t("seer.anonymous"));
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="seer-review">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm">
          <SeerAvatar name={name} src={review.client.profileImageUrl} size="sm" alt="" />
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed" component="time" dateTime={new Date(review.createdAt).toISOString()}>
            <LocalDate moment={review.createdAt} />
          </Text>
        </Group>
        <StarRating value={review.rating} />
      </Group>
      {review.comment && (
        <Text mt="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {review.comment}
        </Text>
      )}
      {review.seerReply && (
        <Paper mt="sm" ml={{ base: "sm", sm: "xl" }} p="sm" radius="sm" bg="gray.0" data-testid="seer-reply">
          <Text size="sm" fw={600}>
            {t("seer.reply", { name: seerName })}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {review.seerReply}
          </Text>
        </Paper>
      )}
    </Paper>
  );
}

function ProfileSkeleton() {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <Group wrap="nowrap" gap="lg">
        <Skeleton circle height={96} />
        <Stack gap="sm" style={{ flex: 1 }}>
          <Skeleton height={32} width="50%" />
          <Skeleton height={16} width="30%" />
          <Skeleton height={16} width="40%" />
        </Stack>
      </Group>
      <Skeleton height={120} mt="xl" />
    </Container>
  );
}
