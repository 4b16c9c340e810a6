import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import classes from "./Footer.module.css";
import { Glyph } from "../Glyph";
import icons from "./icons.module.css";

const columns = [
  {
    title: "footer.quickLinks",
    links: [
      { to: "/seers", label: "nav.seers" },
      { to: "/shop", label: "nav.shop" },
      { to: "/wisdom", label: "nav.wisdom" },
      { to: "/about", label: "nav.about" },
      { to: "/contact", label: "nav.contact" },
    ],
  },
  {
    title: "footer.forSeers",
    links: [
      { to: "/become-seer", label: "footer.becomeSeer" },
      { to: "/dashboard", label: "footer.seerDashboard" },
    ],
  },
  {
    title: "footer.legal",
    links: [
      { to: "/terms", label: "footer.terms" },
      { to: "/privacy", label: "footer.privacy" },
    ],
  },
] as const;

// Placeholder social links (docs/product.md#routes-and-screens); they stay on the page rather than leave for a site we do not run yet.
const socials = [
  { label: "Facebook", icon: icons.facebook },
  { label: "Instagram", icon: icons.instagram },
  { label: "X", icon: icons.x },
  { label: "YouTube", icon: icons.youtube },
] as const;

export function Footer() {
  const { t } = useI18n();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Logo tone="light" />
            <Text size="sm" c="terracotta.1">
              {t("footer.lead")}
            </Text>
            <Group gap="xs">
              {socials.map(({ label, icon }) => (
                <ActionIcon key={label} component="a" href="#" variant="subtle" color="ochre.3" aria-label={label}>
                  <Glyph icon={icon} size={20} />
                </ActionIcon>
              ))}
            </Group>
            <LanguageSwitch tone="light" />
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap={6}>
              <Title order={2} fz="lg" c="ochre.3">
                {t(column.title)}
              </Title>
              {column.links.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} size="sm" c="terracotta.0">
                  {t(l.label)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        {/* A rule drawn as Mantine's Divider draws it, without its code in every page's download (issue #18). */}
        <hr className={classes.divider} />
        <Text ta="center" size="sm" c="terracotta.1">
          {t("footer.proof")}
        </Text>
        <Text ta="center" size="xs" c="terracotta.2" mt={4}>
          {t("footer.rights", { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
