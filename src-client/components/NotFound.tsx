import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../lib/i18n";
import { usePageTitle } from "../lib/page-title";

/** The root's page for an address that is not one (routes/__root.tsx), in the page's language. */
export function NotFound() {
  const { t } = useI18n();
  usePageTitle(t("page.notFound"));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={700} c="var(--seer-accent-text)" ff="heading" aria-hidden>
          404
        </Text>
        <Title order={1}>{t("page.notFound")}</Title>
        <Text c="dimmed">{t("notFound.text")}</Text>
        <Button component={Link} to="/">
          {t("notFound.home")}
        </Button>
      </Stack>
    </Container>
  );
}
