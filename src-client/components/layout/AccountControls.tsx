import { ActionIcon, Anchor, Badge, Box, Button, Paper, Stack } from "@mantine/core";
import { useClickOutside, useDisclosure } from "@mantine/hooks";
import { IconLogout, IconMessages, IconShoppingBag, IconUserCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { UserRole } from "../../../src/domain/enums";
import { useLiveMessages } from "../../features/messages/live";
import type { MessageId } from "../../../src/i18n/messages/en";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { SignOutButton } from "../SignOutButton";
import classes from "./Header.module.css";

/** The cart badge is the sum of item quantities (docs/product.md#routes-and-screens), from the same cart query the cart page uses. */
function CartLink() {
  const { t } = useI18n();
  const cart = trpc.cart.list.useQuery();
  const count = (cart.data ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return (
    <ActionIcon
      component={Link}
      to="/cart"
      variant="subtle"
      size="lg"
      aria-label={t("nav.cartCount", { count })}
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
  const { t } = useI18n();
  useLiveMessages();
  const unread = trpc.messages.unread.useQuery();
  const count = unread.data?.total ?? 0;
  return (
    <ActionIcon
      component={Link}
      to="/messages"
      variant="subtle"
      size="lg"
      aria-label={count > 0 ? t("nav.messagesUnread", { count }) : t("nav.messages")}
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
function accountLinks(role: UserRole): { to: string; label: MessageId }[] {
  return [
    { to: "/profile", label: "nav.profile" },
    { to: "/my-articles", label: "nav.myArticles" },
    { to: "/articles/new", label: "nav.writeArticle" },
    ...(role === "seer" ? [{ to: "/dashboard", label: "footer.seerDashboard" } as const] : []),
    ...(role === "admin" ? [{ to: "/admin", label: "nav.adminConsole" } as const] : []),
  ];
}

/**
 * Selling in the Sacred Market (issue #46): `Vendor dashboard` for an approved vendor, `Become a vendor` for anyone
 * else. Being a vendor is not a role, so the menu asks `vendors.mine` when it opens (never on the page's first load).
 */
function VendorMenuLink({ onClick }: { onClick: () => void }) {
  const { t } = useI18n();
  const mine = trpc.vendors.mine.useQuery();
  if (mine.isPending) return null;
  const vendor = mine.data?.vendor;
  return (
    <Anchor component={Link} to={vendor ? "/vendor" : "/become-vendor"} className={classes.mobileLink} onClick={onClick}>
      {vendor ? t("nav.vendorDashboard") : t("nav.becomeVendor")}
    </Anchor>
  );
}

/**
 * The account menu: a disclosure (a button that shows a short list of links), not Mantine's Menu, whose popover
 * machinery would weigh on every page's first download (issue #18). Escape, a click outside or a link closes it.
 */
function AccountMenu({ role }: { role: UserRole }) {
  const { t } = useI18n();
  const [opened, { toggle, close }] = useDisclosure(false);
  const ref = useClickOutside(close);
  return (
    <Box pos="relative" ref={ref} onKeyDown={(event) => event.key === "Escape" && close()}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t("nav.accountMenu")}
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
          aria-label={t("nav.account")}
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
                {t(l.label)}
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
  const { t } = useI18n();
  return (
    <>
      <MessagesLink />
      <CartLink />
      <AccountMenu role={role} />
      {role === "admin" && (
        <Button component={Link} to="/admin" size="xs" variant="light" visibleFrom="sm">
          {t("nav.admin")}
        </Button>
      )}
      {role === "seer" && (
        <Button component={Link} to="/dashboard" size="xs" variant="light" visibleFrom="sm">
          {t("nav.dashboard")}
        </Button>
      )}
      {/* On a narrow phone the words give way to an icon (French `Se déconnecter` pushed the menu button off a 360 px
          screen); the button keeps its name. */}
      <SignOutButton size="xs" variant="subtle" color="dark" aria-label={t("nav.logOut")} className={classes.signOut}>
        <IconLogout size={20} aria-hidden className={classes.signOutIcon} />
        <span className={classes.signOutText}>{t("nav.logOut")}</span>
      </SignOutButton>
    </>
  );
}
