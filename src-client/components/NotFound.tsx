import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../lib/i18n";
import { usePageTitle } from "../lib/page-title";

/** Any address the app does not know, drawn by the server too: its texts are the public catalog's. */
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
        <Text c="dimmed">{t("page.notFoundText")}</Text>
        <Button component={Link} to="/">
          {t("page.returnHome")}
        </Button>
      </Stack>
    </Container>
  );
}
