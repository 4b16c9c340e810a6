import { Avatar, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { MessageId } from "../../../src/i18n/messages/en";
import { Glyph } from "../../components/Glyph";
import { useI18n } from "../../lib/i18n";
import classes from "./Home.module.css";
import icons from "./icons.module.css";
import stars from "../../components/StarRating.module.css";

const whyChoose = [
  { title: "home.why.authentic", icon: icons.shield, text: "home.why.authenticText" },
  { title: "home.why.private", icon: icons.heart, text: "home.why.privateText" },
  { title: "home.why.fair", icon: icons.world, text: "home.why.fairText" },
] as const satisfies readonly { title: MessageId; icon: unknown; text: MessageId }[];

/** docs/product.md#routes-and-screens: browse by specialty, country and language; choose 15, 30 or 60 minutes; book and pay; receive the link and connect. */
const howItWorksSteps = [
  { title: "home.step.browse", icon: icons.search, text: "home.step.browseText" },
  { title: "home.step.choose", icon: icons.calendar, text: "home.step.chooseText" },
  { title: "home.step.pay", icon: icons.card, text: "home.step.payText" },
  { title: "home.step.connect", icon: icons.video, text: "home.step.connectText" },
] as const satisfies readonly { title: MessageId; icon: unknown; text: MessageId }[];

/**
 * Three fixed sample testimonials (docs/product.md#routes-and-screens): our own marketing text, so their words and
 * places are translated like the rest of the page; the names are names.
 */
const testimonials = [
  { name: "Adwoa K.", place: "home.testimonial.adwoaPlace", quote: "home.testimonial.adwoa" },
  { name: "Marcus T.", place: "home.testimonial.marcusPlace", quote: "home.testimonial.marcus" },
  { name: "Chiamaka O.", place: "home.testimonial.chiamakaPlace", quote: "home.testimonial.chiamaka" },
] as const satisfies readonly { name: string; place: MessageId; quote: MessageId }[];

export function WhyChoose() {
  const { t } = useI18n();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {whyChoose.map(({ title, icon, text }) => (
        <Card key={title} withBorder radius="lg" padding="xl" className={classes.card}>
          <ThemeIcon size={52} radius="xl" variant="light" color="terracotta" mb="md">
            <Glyph icon={icon} size={28} />
          </ThemeIcon>
          <Title order={3} fz="h3" mb="xs">
            {t(title)}
          </Title>
          <Text size="sm">{t(text)}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function HowItWorks() {
  const { t } = useI18n();
  return (
    <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" p={0} m={0} style={{ listStyle: "none" }}>
      {howItWorksSteps.map(({ title, icon, text }, index) => (
        <Stack component="li" key={title} align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" color="ochre.7" variant="filled" aria-hidden>
            <Glyph icon={icon} size={30} />
          </ThemeIcon>
          <Text className={classes.stepNumber} c="var(--seer-accent-text)">
            {t("home.step", { number: index + 1 })}
          </Text>
          <Title order={3} fz="h4">
            {t(title)}
          </Title>
          <Text size="sm" maw={260}>
            {t(text)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function Testimonials() {
  const { t } = useI18n();
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {testimonials.map(({ name, place, quote }) => (
        <Card
          key={name}
          component="figure"
          withBorder
          radius="lg"
          padding="xl"
          m={0}
          className={classes.card}
          data-testid="testimonial"
        >
          <Group gap={2} mb="sm" role="img" aria-label={t("rating.label", { rating: "5" })}>
            {[1, 2, 3, 4, 5].map((star) => (
              <Glyph key={star} icon={stars.filled} size={16} color="var(--mantine-color-ochre-6)" />
            ))}
          </Group>
          <Text component="blockquote" m={0} className={classes.quote}>
            {t("home.quote", { quote: t(quote) })}
          </Text>
          <Group component="figcaption" gap="sm" mt="lg" wrap="nowrap">
            <Avatar radius="xl" color="forest" variant="light" aria-hidden>
              {name.charAt(0)}
            </Avatar>
            <div>
              <Text fw={600}>{name}</Text>
              <Text size="sm" c="dimmed">
                {t(place)}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
