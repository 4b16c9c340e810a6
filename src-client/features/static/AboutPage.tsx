import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconHeartHandshake, IconShieldCheck, IconUsersGroup, IconWorld } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { MessageId } from "../../../src/i18n/messages/en";
import { useI18n } from "../../lib/i18n";
import { StaticPage, TextSection } from "./StaticPage";

const values = [
  { title: "about.authenticity", icon: IconShieldCheck, text: "about.authenticityText" },
  { title: "about.respect", icon: IconHeartHandshake, text: "about.respectText" },
  { title: "about.accessibility", icon: IconWorld, text: "about.accessibilityText" },
  { title: "about.community", icon: IconUsersGroup, text: "about.communityText" },
] as const satisfies readonly { title: MessageId; icon: unknown; text: MessageId }[];

export function AboutPage() {
  const { t } = useI18n();
  return (
    <StaticPage title={t("about.title")} intro={t("about.intro")}>
      <TextSection id="mission" title={t("about.mission")}>
        <Text>{t("about.missionText")}</Text>
      </TextSection>

      <TextSection id="story" title={t("about.story")}>
        <Text>{t("about.storyText1")}</Text>
        <Text>{t("about.storyText2")}</Text>
      </TextSection>

      <TextSection id="values" title={t("about.values")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt="xs">
          {values.map(({ title, icon: Icon, text }) => (
            <Card key={title} withBorder radius="md" padding="lg">
              <Group gap="sm" mb="xs" wrap="nowrap">
                <ThemeIcon size={40} radius="xl" variant="light" color="terracotta">
                  <Icon size={22} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="h3">
                  {t(title)}
                </Title>
              </Group>
              <Text size="sm">{t(text)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </TextSection>

      <Stack align="center" mt={48} gap="md" ta="center">
        <Text fw={600}>{t("about.ready")}</Text>
        <Group justify="center">
          <Button component={Link} to="/seers">
            {t("nav.seers")}
          </Button>
          <Button component={Link} to="/become-seer" variant="outline">
            {t("footer.becomeSeer")}
          </Button>
        </Group>
      </Stack>
    </StaticPage>
  );
}
