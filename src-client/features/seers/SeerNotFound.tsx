import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { usePageTitle } from "../../lib/page-title";

/** docs/product.md#routes-and-screens: a missing or unapproved Seer. */
export function SeerNotFound() {
  const { t } = useI18n();
  usePageTitle(t("seer.notFound"));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t("seer.notFound")}</Title>
        <Text c="dimmed">{t("seer.notFoundText")}</Text>
        <Button component={Link} to="/seers">
          {t("home.browseSeers")}
        </Button>
      </Stack>
    </Container>
  );
}
