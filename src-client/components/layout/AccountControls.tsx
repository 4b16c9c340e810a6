import { ActionIcon, Anchor, Badge, Box, Button, Paper, Stack } from "@mantine/core";
import { useClickOutside, useDisclosure } from "@mantine/hooks";
import { IconMessages, IconShoppingBag, IconUserCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { UserRole } from "../../../src/domain/enums";
import { useLiveMessages } from "../../features/messages/live";
import { trpc } from "../../trpc";
import { SignOutButton } from "../SignOutButton";
import classes from "./Header.module.css";

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

/**
 * Messages, with what waits unread across the person's conversations; the live socket that keeps it (and any open
 * thread) current is opened here, once per signed-in page.
 */
function MessagesLink() {
  useLiveMessages();
  const unread = trpc.messages.unread.useQuery();
  const count = unread.data?.total ?? 0;
  return (
    <ActionIcon
      component={Link}
      to="/messages"
      variant="subtle"
      size="lg"
      aria-label={count > 0 ? `Messages, ${count} unread` : "Messages"}
      className={classes.iconLink}
    >
      <IconMessages size={22} aria-hidden />
      {count > 0 && (
        <Badge size="xs" circle color="red" className={classes.badge} data-testid="unread-count" aria-hidden>
          {count}
        </Badge>
      )}
    </ActionIcon>
  );
}

/** What a signed-in person reaches from the header's account menu, by role. */
function accountLinks(role: UserRole) {
  return [
    { to: "/profile", label: "Profile" },
    { to: "/my-articles", label: "My Articles" },
    { to: "/articles/new", label: "Write an Article" },
    ...(role === "seer" ? [{ to: "/dashboard", label: "Seer Dashboard" }] : []),
    ...(role === "admin" ? [{ to: "/admin", label: "Admin Console" }] : []),
  ] as const;
}

/**
 * Selling in the Sacred Market (issue #46): `Vendor dashboard` for an approved vendor, `Become a vendor` for anyone
 * else. Being a vendor is not a role, so the menu asks `vendors.mine` when it opens (never on the page's first load).
 */
function VendorMenuLink({ onClick }: { onClick: () => void }) {
  const mine = trpc.vendors.mine.useQuery();
  if (mine.isPending) return null;
  const vendor = mine.data?.vendor;
  return (
    <Anchor component={Link} to={vendor ? "/vendor" : "/become-vendor"} className={classes.mobileLink} onClick={onClick}>
      {vendor ? "Vendor dashboard" : "Become a vendor"}
    </Anchor>
  );
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
            <VendorMenuLink onClick={close} />
          </Stack>
        </Paper>
      )}
    </Box>
  );
}

/** The header's controls for a signed-in person, fetched apart from every page's code (Header.tsx). */
export default function AccountControls({ role }: { role: UserRole }) {
  return (
    <>
      <MessagesLink />
      <CartLink />
      <AccountMenu role={role} />
      {role === "admin" && (
        <Button component={Link} to="/admin" size="xs" variant="light" visibleFrom="xs">
          Admin
        </Button>
      )}
      {role === "seer" && (
        <Button component={Link} to="/dashboard" size="xs" variant="light" visibleFrom="xs">
          Dashboard
        </Button>
      )}
      <SignOutButton size="xs" variant="subtle" color="dark">
        Log Out
      </SignOutButton>
    </>
  );
}
