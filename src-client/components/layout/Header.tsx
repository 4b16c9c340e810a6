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
import { IconMoon, IconSun } from "@tabler/icons-react";
import { Link, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { loginHref, useAuth } from "../../lib/auth";
import { useHydrated } from "../../lib/hydrated";
import { CurrencyPicker } from "./CurrencyPicker";
import { Logo } from "./Logo";
import classes from "./Header.module.css";

/**
 * A signed-in person's controls (cart, account menu, role buttons, Log Out) are fetched once the visitor is known to
 * be signed in, not with every page: a first visit is nearly always signed out (issue #18). Until then nothing stands
 * in their place, as while the visitor's session is being checked.
 */
const AccountControls = lazy(() => import("./AccountControls"));

export const headerLinks = [
  { to: "/seers", label: "Meet Our Seers" },
  { to: "/shop", label: "Sacred Market" },
  { to: "/wisdom", label: "Wisdom Hub" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/**
 * Light or dark colours: the system's until the visitor chooses, then theirs (kept in this browser). On a page the
 * server drew it is busy until the app's code has taken the page over (issue #39).
 */
function ColorSchemeToggle() {
  const ready = useHydrated();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = computed === "dark" ? "light" : "dark";
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
      aria-label={next === "dark" ? "Use dark colours" : "Use light colours"}
    >
      {next === "dark" ? <IconMoon size={20} aria-hidden /> : <IconSun size={20} aria-hidden />}
    </ActionIcon>
  );
}

/**
 * The phone's menu button, busy until the app's code has taken a drawn page over (issue #39). It reads that on its own,
 * as the colour toggle does, so that the moment of taking over re-draws these two buttons and not the whole header.
 */
function MenuButton({ opened, toggle }: { opened: boolean; toggle: () => void }) {
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
      aria-label={opened ? "Close menu" : "Open menu"}
      aria-expanded={opened}
      aria-controls="mobile-menu"
    />
  );
}

export function Header() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const auth = useAuth();
  const user = auth.status === "signed-in" ? auth.user : undefined;
  const here = useRouterState({ select: (s) => s.location.href });
  return (
    <Box component="header" className={classes.header}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Container size="xl" className={classes.inner}>
        <Anchor component={Link} to="/" underline="never" aria-label="Seer home" onClick={close}>
          <Logo />
        </Anchor>
        <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
          {headerLinks.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to} className={classes.link} activeProps={{ "data-active": true }}>
              {l.label}
            </Anchor>
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap" className={classes.actions}>
          {/* Signed in on a phone, the cart and the account menu take its place in this row: it moves to the menu. */}
          <Box visibleFrom={user ? "xs" : undefined}>
            <CurrencyPicker returnTo={here} />
          </Box>
          {user && (
            <Suspense fallback={null}>
              <AccountControls role={user.role} />
            </Suspense>
          )}
          {auth.status === "signed-out" && (
            <Button component="a" href={loginHref(here)} size="xs">
              Log In
            </Button>
          )}
          <ColorSchemeToggle />
          <MenuButton opened={opened} toggle={toggle} />
        </Group>
      </Container>
      {/* Shown or not, without Mantine's Collapse: its height animation is not worth its weight on every page (issue #18). */}
      <Box hiddenFrom="md" hidden={!opened}>
        <Stack id="mobile-menu" component="nav" aria-label="Mobile" gap={0} className={classes.mobileMenu}>
          {headerLinks.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to} className={classes.mobileLink} onClick={close}>
              {l.label}
            </Anchor>
          ))}
          {user && (
            <>
              <Anchor component={Link} to="/my-articles" className={classes.mobileLink} onClick={close}>
                My Articles
              </Anchor>
              <Anchor component={Link} to="/articles/new" className={classes.mobileLink} onClick={close}>
                Write an Article
              </Anchor>
            </>
          )}
          {user && (
            <Box hiddenFrom="xs" className={classes.mobileLink}>
              <CurrencyPicker returnTo={here} />
            </Box>
          )}
          {user?.role === "admin" && (
            <Anchor component={Link} to="/admin" className={classes.mobileLink} onClick={close} hiddenFrom="xs">
              Admin
            </Anchor>
          )}
          {user?.role === "seer" && (
            <Anchor component={Link} to="/dashboard" className={classes.mobileLink} onClick={close} hiddenFrom="xs">
              Dashboard
            </Anchor>
          )}
        </Stack>
      </Box>
      {auth.status === "unreachable" && (
        <Text role="status" ta="center" size="sm" py={6} bg="ochre.1" c="#2b1d14">
          Connection lost. Trying to reconnect…
        </Text>
      )}
      {auth.status === "loading" && (
        <VisuallyHidden>
          <Text>Checking sign-in</Text>
        </VisuallyHidden>
      )}
    </Box>
  );
}
