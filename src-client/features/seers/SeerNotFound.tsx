import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";

/** docs/product.md#routes-and-screens: a missing or unapproved Seer. */
export function SeerNotFound() {
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
