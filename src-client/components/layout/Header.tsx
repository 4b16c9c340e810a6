import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Group,
  Stack,
  Text,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { loginHref, useAuth } from "../../lib/auth";
import { useHydrated } from "../../lib/hydrated";
import { useI18n } from "../../lib/i18n";
import { CurrencyPicker } from "./CurrencyPicker";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import classes from "./Header.module.css";
import { Glyph } from "../Glyph";
import icons from "./icons.module.css";
import { usePageAddress } from "../../lib/page-address";

/**
 * A signed-in person's controls (cart, account menu, role buttons, Log Out) are fetched once the visitor is known to
 * be signed in, not with every page: a first visit is nearly always signed out (issue #18). Until then nothing stands
 * in their place, as while the visitor's session is being checked.
 */
const AccountControls = lazy(() => import("./AccountControls"));

export const headerLinks = [
  { to: "/seers", label: "nav.seers" },
  { to: "/shop", label: "nav.shop" },
  { to: "/wisdom", label: "nav.wisdom" },
  { to: "/about", label: "nav.about" },
  { to: "/contact", label: "nav.contact" },
] as const;

/**
 * Light or dark colours: the system's until the visitor chooses, then theirs (kept in this browser). On a page the
 * server drew it is busy until the app's code has taken the page over (issue #39).
 */
function ColorSchemeToggle() {
  const { t } = useI18n();
  const ready = useHydrated();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  // Drawn as the server drew it (light) until the app has taken the page over: hydration keeps the server's attributes
  // and classes where only they differ, so a stored dark choice would otherwise leave the light toggle's label and icon.
  const next = ready && computed === "dark" ? "light" : "dark";
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="lg"
      // Busy as the menu button is: dimmed and disabled, not Mantine's spinner, whose endless animation kept a phone's
      // main thread drawing frames while the page was loading.
      disabled={!ready}
      aria-busy={!ready}
      className={ready ? undefined : classes.busy}
      onClick={() => setColorScheme(next)}
      aria-label={next === "dark" ? t("nav.darkColours") : t("nav.lightColours")}
    >
      <Glyph icon={next === "dark" ? icons.moon : icons.sun} size={20} />
    </ActionIcon>
  );
}

/**
 * The phone's menu button, busy until the app's code has taken a drawn page over (issue #39). It reads that on its own,
 * as the colour toggle does, so that the moment of taking over re-draws these two buttons and not the whole header.
 */
function MenuButton({ opened, toggle }: { opened: boolean; toggle: () => void }) {
  const { t } = useI18n();
  const ready = useHydrated();
  return (
    <Burger
      opened={opened}
      onClick={toggle}
      disabled={!ready}
      aria-busy={!ready}
      className={ready ? undefined : classes.busy}
      hiddenFrom="md"
      size="sm"
      aria-label={opened ? t("nav.closeMenu") : t("nav.openMenu")}
      aria-expanded={opened}
      aria-controls="mobile-menu"
    />
  );
}

export function Header() {
  const { t } = useI18n();
  const [opened, { toggle, close }] = useDisclosure(false);
  const auth = useAuth();
  const user = auth.status === "signed-in" ? auth.user : undefined;
  const here = usePageAddress();
  return (
    <Box component="header" className={classes.header}>
      <a className="skip-link" href="#main">
        {t("nav.skip")}
      </a>
      <Container size="xl" className={classes.inner}>
        <Anchor component={Link} to="/" underline="never" aria-label={t("nav.home")} onClick={close}>
          <Logo />
        </Anchor>
        <Group component="nav" aria-label={t("nav.main")} gap="lg" visibleFrom="md">
          {headerLinks.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to} className={classes.link} activeProps={{ "data-active": true }}>
              {t(l.label)}
            </Anchor>
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap" className={classes.actions}>
          {/* Signed in on a phone, the cart and the account menu take its place in this row: it moves to the menu. */}
          <Box visibleFrom={user ? "xs" : undefined}>
            <CurrencyPicker returnTo={here} />
          </Box>
          {/* On a phone, in the menu and the footer: the row has no room for it. */}
          <Box visibleFrom="sm">
            <LanguageSwitch />
          </Box>
          {user && (
            <Suspense fallback={null}>
              <AccountControls role={user.role} />
            </Suspense>
          )}
          {auth.status === "signed-out" && (
            <Button component="a" href={loginHref(here)} size="xs">
              {t("nav.logIn")}
            </Button>
          )}
          <ColorSchemeToggle />
          <MenuButton opened={opened} toggle={toggle} />
        </Group>
      </Container>
      {/* Shown or not, without Mantine's Collapse: its height animation is not worth its weight on every page (issue #18). */}
      <Box hiddenFrom="md" hidden={!opened}>
        <Stack id="mobile-menu" component="nav" aria-label={t("nav.mobile")} gap={0} className={classes.mobileMenu}>
          {headerLinks.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to} className={classes.mobileLink} onClick={close}>
              {t(l.label)}
            </Anchor>
          ))}
          <Box hiddenFrom="sm" className={classes.mobileLink}>
            <LanguageSwitch />
          </Box>
          {user && (
            <>
              <Anchor component={Link} to="/my-articles" className={classes.mobileLink} onClick={close}>
                {t("nav.myArticles")}
              </Anchor>
              <Anchor component={Link} to="/articles/new" className={classes.mobileLink} onClick={close}>
                {t("nav.writeArticle")}
              </Anchor>
            </>
          )}
          {user && (
            <Box hiddenFrom="xs" className={classes.mobileLink}>
              <CurrencyPicker returnTo={here} />
            </Box>
          )}
          {user?.role === "admin" && (
            <Anchor component={Link} to="/admin" className={classes.mobileLink} onClick={close} hiddenFrom="sm">
              {t("nav.admin")}
            </Anchor>
          )}
          {user?.role === "seer" && (
            <Anchor component={Link} to="/dashboard" className={classes.mobileLink} onClick={close} hiddenFrom="sm">
              {t("nav.dashboard")}
            </Anchor>
          )}
        </Stack>
      </Box>
      {auth.status === "unreachable" && (
        <Text role="status" ta="center" size="sm" py={6} bg="ochre.1" c="#2b1d14">
          {t("nav.unreachable")}
        </Text>
      )}
      {auth.status === "loading" && (
        <VisuallyHidden>
          <Text>{t("nav.checkingSignIn")}</Text>
        </VisuallyHidden>
      )}
    </Box>
  );
}
