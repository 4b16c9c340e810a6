import { Avatar, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Glyph } from "../../components/Glyph";
import classes from "./Home.module.css";
import icons from "./icons.module.css";
import stars from "../../components/StarRating.module.css";

const whyChoose = [
  {
    title: "Verified Authenticity",
    icon: icons.shield,
    text: "Every Seer is reviewed before they appear: lineage, training, years of practice and identity. No impostors, no costumes.",
  },
  {
    title: "Private and Safe",
    icon: icons.heart,
    text: "Consultations are confidential video sessions. Card payments go through a secure payment processor and are never stored by us.",
  },
  {
    title: "Fair to Our Guides",
    icon: icons.world,
    text: "Seers keep 80% of every consultation fee, so the people who carry these traditions are paid properly for their wisdom.",
  },
] as const;

/** docs/product.md#routes-and-screens: browse by specialty, country and language; choose 15, 30 or 60 minutes; book and pay; receive the link and connect. */
export const howItWorksSteps = [
  {
    title: "Browse Seers",
    icon: icons.search,
    text: "Browse Seers by specialty, country and language, and read their stories and reviews.",
  },
  {
    title: "Choose Your Session",
    icon: icons.calendar,
    text: "Choose 15, 30 or 60 minutes, then a date and time that suit you.",
  },
  { title: "Book and Pay", icon: icons.card, text: "Book and pay securely by card. Your booking is confirmed at once." },
  {
    title: "Connect",
    icon: icons.video,
    text: "Receive a consultation link by e-mail and connect with your Seer by video at the agreed time.",
  },
] as const;

/** Three fixed sample testimonials (docs/product.md#routes-and-screens). */
export const testimonials = [
  {
    name: "Adwoa K.",
    place: "London, United Kingdom",
    quote:
      "I had not spoken to anyone from my grandmother's tradition in years. My reading felt like coming home, and the advice was practical and kind.",
  },
  {
    name: "Marcus T.",
    place: "Atlanta, United States",
    quote:
      "Booking was simple and the Seer took time to explain every step of the divination. I finally understood the path my family had walked.",
  },
  {
    name: "Chiamaka O.",
    place: "Toronto, Canada",
    quote:
      "Knowing the guides are verified made all the difference. The 30-minute session was calm, respectful and deeply meaningful.",
  },
] as const;

export function WhyChoose() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {whyChoose.map(({ title, icon, text }) => (
        <Card key={title} withBorder radius="lg" padding="xl" className={classes.card}>
          <ThemeIcon size={52} radius="xl" variant="light" color="terracotta" mb="md">
            <Glyph icon={icon} size={28} />
          </ThemeIcon>
          <Title order={3} fz="h3" mb="xs">
            {title}
          </Title>
          <Text size="sm">{text}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function HowItWorks() {
  return (
    <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" p={0} m={0} style={{ listStyle: "none" }}>
      {howItWorksSteps.map(({ title, icon, text }, index) => (
        <Stack component="li" key={title} align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" color="ochre.7" variant="filled" aria-hidden>
            <Glyph icon={icon} size={30} />
          </ThemeIcon>
          <Text className={classes.stepNumber} c="var(--seer-accent-text)">
            Step {index + 1}
          </Text>
          <Title order={3} fz="h4">
            {title}
          </Title>
          <Text size="sm" maw={260}>
            {text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function Testimonials() {
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
          <Group gap={2} mb="sm" role="img" aria-label="Rated 5 out of 5">
            {[1, 2, 3, 4, 5].map((star) => (
              <Glyph key={star} icon={stars.filled} size={16} color="var(--mantine-color-ochre-6)" />
            ))}
          </Group>
          <Text component="blockquote" m={0} className={classes.quote}>
            “{quote}”
          </Text>
          <Group component="figcaption" gap="sm" mt="lg" wrap="nowrap">
            <Avatar radius="xl" color="forest" variant="light" aria-hidden>
              {name.charAt(0)}
            </Avatar>
            <div>
              <Text fw={600}>{name}</Text>
              <Text size="sm" c="dimmed">
                {place}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
