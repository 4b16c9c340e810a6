import { Container, Title } from "@mantine/core";

/** A route that a later capability fills: it shows its title only until then. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
    </Container>
  );
}
