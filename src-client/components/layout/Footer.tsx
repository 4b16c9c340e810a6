import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { Logo } from "./Logo";
import classes from "./Footer.module.css";

const columns = [
  {
    title: "Quick Links",
    links: [
      { to: "/seers", label: "Meet Our Seers" },
      { to: "/shop", label: "Sacred Market" },
      { to: "/wisdom", label: "Wisdom Hub" },
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "For Seers",
    links: [
      { to: "/become-seer", label: "Become a Seer" },
      { to: "/dashboard", label: "Seer Dashboard" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
] as const;

// Placeholder social links (docs/product.md#routes-and-screens); they stay on the page rather than leave for a site we do not run yet.
const socials = [
  { label: "Facebook", icon: IconBrandFacebook },
  { label: "Instagram", icon: IconBrandInstagram },
  { label: "X", icon: IconBrandX },
  { label: "YouTube", icon: IconBrandYoutube },
] as const;

export function Footer() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Logo tone="light" />
            <Text size="sm" c="terracotta.1">
              Book video consultations with verified African spiritual guides, and find sacred goods in the Sacred Market.
            </Text>
            <Group gap="xs">
              {socials.map(({ label, icon: Icon }) => (
                <ActionIcon key={label} component="a" href="#" variant="subtle" color="ochre.3" aria-label={label}>
                  <Icon size={20} aria-hidden />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap={6}>
              <Title order={2} fz="lg" c="ochre.3">
                {column.title}
              </Title>
              {column.links.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} size="sm" c="terracotta.0">
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        {/* A rule drawn as Mantine's Divider draws it, without its code in every page's download (issue #18). */}
        <hr className={classes.divider} />
        <Text ta="center" size="sm" c="terracotta.1">
          10,000+ Consultations Completed | Verified Spiritual Guides
        </Text>
        <Text ta="center" size="xs" c="terracotta.2" mt={4}>
          © {new Date().getFullYear()} Seer. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
