import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../lib/page-title";

/** docs/product.md#routes-and-screens: a missing or unapproved Seer. */
export function SeerNotFound() {
  usePageTitle("Seer Not Found");
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Seer Not Found</Title>
        <Text c="dimmed">The Seer you're looking for doesn't exist or is not available.</Text>
        <Button component={Link} to="/seers">
          Browse Seers
        </Button>
      </Stack>
    </Container>
  );
}
