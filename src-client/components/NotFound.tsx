import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../lib/page-title";

export function NotFound() {
  usePageTitle("Page Not Found");
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={700} c="var(--seer-accent-text)" ff="heading" aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/">
          Return Home
        </Button>
      </Stack>
    </Container>
  );
}
