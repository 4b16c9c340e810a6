import { Alert, Anchor, Badge, Container, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { formatCalendarDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/** `/messages`: the person's conversations, the latest activity first (docs/product.md#messages). */
export function Inbox() {
  const { t } = useI18n();
  const inbox = trpc.messages.inbox.useQuery();
  return (
    <Container size="sm" py="lg" px="sm">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("messages.title")}
        </Title>
        {inbox.isPending && <Loader aria-label={t("messages.loading")} />}
        {inbox.isError && (
          <Alert color="red" role="alert">
            {inbox.error.message}
          </Alert>
        )}
        {inbox.data?.length === 0 && <Text c="dimmed">{t("messages.noConversations")}</Text>}
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {inbox.data?.map((entry) => (
            <li key={entry.bookingId}>
              <Paper withBorder radius="md" p="sm" data-testid="inbox-entry">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/messages/$bookingId" params={{ bookingId: entry.bookingId }} />
                      )}
                      fw={600}
                      style={{ overflowWrap: "anywhere" }}
                    >
                      {entry.peerName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t("messages.session", {
                        date: formatCalendarDate(entry.scheduledDate, "weekdayShort"),
                        time: entry.scheduledTime,
                      })}
                    </Text>
                    {entry.lastMessage && (
                      <Text size="sm" lineClamp={1} style={{ overflowWrap: "anywhere" }}>
                        {entry.lastMessage}
                      </Text>
                    )}
                  </Stack>
                  {entry.unread > 0 && (
                    <Badge color="red" aria-label={t("messages.unread", { count: entry.unread })}>
                      {entry.unread}
                    </Badge>
                  )}
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
