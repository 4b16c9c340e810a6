import { Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock, IconRosetteDiscountCheck, IconWorld } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FeaturedSeers } from "./FeaturedSeers";
import { HowItWorks, SectionHeading, Testimonials, WhyChoose } from "./InfoSections";
import { MarketPreview } from "./MarketPreview";
import classes from "./Home.module.css";

const trustBadges = [
  { title: "Verified Seers", text: "Every guide's lineage and identity reviewed", icon: IconRosetteDiscountCheck },
  { title: "Secure Bookings", text: "Card payments through a trusted processor", icon: IconLock },
  { title: "Global Access", text: "Video consultations from anywhere", icon: IconWorld },
] as const;

function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-title" className={classes.hero}>
      <Container size="xl" py={{ base: 64, sm: 96, md: 120 }} className={classes.heroInner}>
        <Stack gap="lg">
          <Text fw={700} size="sm" className={classes.eyebrow}>
            Authentic African spiritual guidance
          </Text>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            Connect with Verified African Spiritual Guides
          </Title>
          <Text size="xl" className={classes.heroLead}>
            Book private video consultations with diviners, healers and priests of living traditions, and discover sacred items
            from across the continent.
          </Text>
          <Group gap="md" mt="sm">
            <Button component={Link} to="/seers" size="lg" color="ochre.4" c="dark.9">
              Browse Seers
            </Button>
            <Button component={Link} to="/shop" size="lg" variant="outline" color="white">
              Shop Sacred Items
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

function TrustBadges() {
  return (
    <Box component="section" aria-label="Why you can trust Seer" className={classes.badges}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {trustBadges.map(({ title, text, icon: Icon }) => (
            <Group key={title} gap="sm" wrap="nowrap" justify="center">
              <ThemeIcon size={44} radius="xl" variant="light" color="forest">
                <Icon size={24} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={700} data-testid="trust-badge">
                  {title}
                </Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
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
  return (
    <Box component="section" aria-labelledby="become-seer-title" className={classes.cta}>
      <Container size="md" py={{ base: 56, sm: 80 }}>
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="become-seer-title" className={classes.ctaTitle}>
            Are You a Spiritual Guide?
          </Title>
          <Text size="lg" c="forest.0" maw={600}>
            Share your gift with seekers around the world. Apply to become a verified Seer, set your prices and keep 80% of every
            consultation.
          </Text>
          <Button component={Link} to="/become-seer" size="lg" color="ochre.4" c="dark.9">
            Apply to Become a Seer
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

/** docs/product.md#routes-and-screens "/ Home", its sections in the spec's order. */
export function HomePage() {
  return (
    <>
      <Hero />
      <TrustBadges />
      <Section id="featured-title" title="Featured Spiritual Guides" lead="Our most highly rated Seers, ready to guide you.">
        <FeaturedSeers />
        <Group justify="center" mt={48}>
          <Button component={Link} to="/seers" variant="outline">
            View All Seers
          </Button>
        </Group>
      </Section>
      <Section id="why-title" title="Why Choose Seer?" alt>
        <WhyChoose />
      </Section>
      <Section id="how-title" title="How It Works" lead="From first search to a meaningful conversation in four steps.">
        <HowItWorks />
      </Section>
      <Section id="testimonials-title" title="What Our Clients Say" alt>
        <Testimonials />
      </Section>
      <Section id="market-title" title="Sacred Market" lead="Authentic spiritual items, handcrafted by artisans across Africa.">
        <MarketPreview />
        <Group justify="center" mt="xl">
          <Button component={Link} to="/shop" size="md">
            Browse All Products
          </Button>
        </Group>
      </Section>
      <SeerCallToAction />
    </>
  );
}
