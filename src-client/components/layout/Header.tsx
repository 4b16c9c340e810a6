import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useClickOutside, useDisclosure } from "@mantine/hooks";
import { IconMoon, IconShoppingBag, IconSun, IconUserCircle } from "@tabler/icons-react";
import type { UserRole } from "../../../src/domain/enums";
import { Link, useRouterState } from "@tanstack/react-router";
import { loginHref, useAuth } from "../../lib/auth";
import { trpc } from "../../trpc";
import { Logo } from "./Logo";
import classes from "./Header.module.css";
import { SignOutButton } from "../SignOutButton";

export const headerLinks = [
  { to: "/seers", label: "Meet Our Seers" },
  { to: "/shop", label: "Sacred Market" },
  { to: "/wisdom", label: "Wisdom Hub" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** The cart badge is the sum of item quantities (docs/product.md#routes-and-screens), from the same cart query the cart page uses. */
function CartLink() {
  const cart = trpc.cart.list.useQuery();
  const count = (cart.data ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return (
    <ActionIcon
      component={Link}
      to="/cart"
      variant="subtle"
      size="lg"
      aria-label={`Cart, ${count} items`}
      className={classes.iconLink}
    >
      <IconShoppingBag size={22} aria-hidden />
      {count > 0 && (
        <Badge size="xs" circle className={classes.badge} data-testid="cart-count" aria-hidden>
          {count}
        </Badge>
      )}
    </ActionIcon>
  );
}

/** Light or dark colours: the system's until the visitor chooses, then theirs (kept in this browser). */
function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = computed === "dark" ? "light" : "dark";
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={next === "dark" ? "Use dark colours" : "Use light colours"}
    >
      {next === "dark" ? <IconMoon size={20} aria-hidden /> : <IconSun size={20} aria-hidden />}
    </ActionIcon>
  );
}

/** What a signed-in person reaches from the header's account menu, by role. */
export function accountLinks(role: UserRole) {
  return [
    { to: "/profile", label: "Profile" },
    { to: "/my-articles", label: "My Articles" },
    { to: "/articles/new", label: "Write an Article" },
    ...(role === "seer" ? [{ to: "/dashboard", label: "Seer Dashboard" }] : []),
    ...(role === "admin" ? [{ to: "/admin", label: "Admin Console" }] : []),
  ] as const;
}

/**
 * The account menu: a disclosure (a button that shows a short list of links), not Mantine's Menu, whose popover
 * machinery would weigh on every page's first download (issue #18). Escape, a click outside or a link closes it.
 */
function AccountMenu({ role }: { role: UserRole }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const ref = useClickOutside(close);
  return (
    <Box pos="relative" ref={ref} onKeyDown={(event) => event.key === "Escape" && close()}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label="Account menu"
        aria-expanded={opened}
        aria-controls="account-menu"
        onClick={toggle}
        className={classes.iconLink}
      >
        <IconUserCircle size={22} aria-hidden />
      </ActionIcon>
      {opened && (
        <Paper
          id="account-menu"
          component="nav"
          aria-label="Account"
          shadow="md"
          withBorder
          radius="md"
          p={4}
          w={210}
          className={classes.accountMenu}
        >
          <Stack gap={0}>
            {accountLinks(role).map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} className={classes.mobileLink} onClick={close}>
                {l.label}
              </Anchor>
            ))}
          </Stack>
        </Paper>
      )}
    </Box>
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
        <Group gap="xs" wrap="nowrap">
          {user && (
            <>
              <CartLink />
              <AccountMenu role={user.role} />
              {user.role === "admin" && (
                <Button component={Link} to="/admin" size="xs" variant="light" visibleFrom="xs">
                  Admin
                </Button>
              )}
              {user.role === "seer" && (
                <Button component={Link} to="/dashboard" size="xs" variant="light" visibleFrom="xs">
                  Dashboard
                </Button>
              )}
              <SignOutButton size="xs" variant="subtle" color="dark">
                Log Out
              </SignOutButton>
            </>
          )}
          {auth.status === "signed-out" && (
            <Button component="a" href={loginHref(here)} size="xs">
              Log In
            </Button>
          )}
          <ColorSchemeToggle />
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={opened ? "Close menu" : "Open menu"}
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
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
