import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconHeartHandshake, IconShieldCheck, IconUsersGroup, IconWorld } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { StaticPage, TextSection } from "./StaticPage";

export const values = [
  {
    title: "Authenticity",
    icon: IconShieldCheck,
    text: "Every Seer is reviewed before they appear: their lineage, training, years of practice and identity. We present traditions as their keepers practise them, not as a costume.",
  },
  {
    title: "Respect",
    icon: IconHeartHandshake,
    text: "Respect for the traditions, for the elders who keep them and for every person who comes seeking guidance. Consultations are confidential and no Seer may promise outcomes.",
  },
  {
    title: "Accessibility",
    icon: IconWorld,
    text: "Wisdom should not depend on where you were born or live. Video sessions of 15, 30 or 60 minutes, card payment and clear prices make a consultation possible from anywhere.",
  },
  {
    title: "Community",
    icon: IconUsersGroup,
    text: "Seers keep 80% of every consultation fee, the Sacred Market works with artisans, and the Wisdom Hub lets anyone share what they have learned.",
  },
] as const;

export function AboutPage() {
  return (
    <StaticPage
      title="About Seer"
      intro="A meeting place for verified African spiritual guides and the people who seek them, wherever they live."
    >
      <TextSection id="mission" title="Our Mission">
        <Text>
          Our mission is to connect people around the world with authentic African spiritual guidance, safely and respectfully. We
          verify every Seer, make booking a consultation simple, and make sure that the guides who carry these traditions are
          fairly paid for their wisdom.
        </Text>
      </TextSection>

      <TextSection id="story" title="Our Story">
        <Text>
          Seer began with a simple observation: many people in the diaspora, and many others drawn to African traditions, wanted
          to consult a diviner, a herbalist or a priestess, but had no way to know who was genuine. At the same time, respected
          practitioners in Ghana, Nigeria, Benin, Senegal, South Africa and beyond had no fair way to reach them.
        </Text>
        <Text>
          So we built a place where guides apply, show their lineage and their ethics, and are reviewed before anyone can book
          them; where a consultation is a private video session paid for by card; and where sacred goods made by artisans can be
          found in the Sacred Market. Today our Seers have completed more than 10,000 consultations.
        </Text>
      </TextSection>

      <TextSection id="values" title="Our Values">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt="xs">
          {values.map(({ title, icon: Icon, text }) => (
            <Card key={title} withBorder radius="md" padding="lg">
              <Group gap="sm" mb="xs" wrap="nowrap">
                <ThemeIcon size={40} radius="xl" variant="light" color="terracotta">
                  <Icon size={22} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="h3">
                  {title}
                </Title>
              </Group>
              <Text size="sm">{text}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </TextSection>

      <Stack align="center" mt={48} gap="md" ta="center">
        <Text fw={600}>Ready to begin?</Text>
        <Group justify="center">
          <Button component={Link} to="/seers">
            Meet Our Seers
          </Button>
          <Button component={Link} to="/become-seer" variant="outline">
            Become a Seer
          </Button>
        </Group>
      </Stack>
    </StaticPage>
  );
}
