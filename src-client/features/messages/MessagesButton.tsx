import { Badge, Button } from "@mantine/core";
import { IconMessages } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/** A session card's way into its conversation, with what waits unread (one query for all the cards: messages.unread). */
export function MessagesButton({ bookingId }: { bookingId: string }) {
  const { t } = useI18n();
  const unread = trpc.messages.unread.useQuery();
  const count = unread.data?.byBooking[bookingId] ?? 0;
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/messages/$bookingId" params={{ bookingId }} />}
      leftSection={<IconMessages size={16} aria-hidden />}
      rightSection={
        count > 0 ? (
          <Badge size="xs" color="red" circle data-testid="card-unread">
            {count}
          </Badge>
        ) : undefined
      }
      size="xs"
      variant="light"
      aria-label={count > 0 ? t("messages.withUnread", { count }) : t("messages.title")}
    >
      {t("messages.title")}
    </Button>
  );
}

/** The Seer dashboard's way into the inbox, with the total that waits unread across the Seer's conversations. */
export function InboxButton() {
  const { t } = useI18n();
  const unread = trpc.messages.unread.useQuery();
  const count = unread.data?.total ?? 0;
  return (
    <Button
      component={Link}
      to="/messages"
      leftSection={<IconMessages size={16} aria-hidden />}
      variant="light"
      size="sm"
      aria-label={count > 0 ? t("messages.withUnread", { count }) : t("messages.title")}
      rightSection={
        count > 0 ? (
          <Badge size="sm" color="red" circle>
            {count}
          </Badge>
        ) : undefined
      }
    >
      {t("messages.title")}
    </Button>
  );
}
