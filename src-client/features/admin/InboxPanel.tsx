import { Alert, Anchor, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { ContactStatus } from "../../../src/domain/enums";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { trpc, type RouterOutputs } from "../../trpc";

type Filter = ContactStatus | "all";
type ContactMessage = RouterOutputs["contact"]["list"][number];

// Shades chosen for 4.5:1 text contrast, as the other admin badges.
const STATUS_COLOR: Record<ContactStatus, string> = { new: "ochre.4", replied: "forest.9", closed: "gray.7" };

function MessageCard({ message }: { message: ContactMessage }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const setStatus = trpc.contact.setStatus.useMutation({ onSuccess: () => utils.contact.list.invalidate() });
  const replyHref = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  const act = (status: ContactStatus, label: string) => (
    <Button
      size="xs"
      variant="light"
      loading={setStatus.isPending && setStatus.variables.status === status}
      onClick={() => setStatus.mutate({ id: message.id, status })}
    >
      {label}
    </Button>
  );
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`message-${message.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Title order={3} fz="md" id={`message-${message.id}`} style={{ overflowWrap: "anywhere" }}>
            {message.subject}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {message.name} &lt;<Anchor href={replyHref}>{message.email}</Anchor>&gt; · {formatDate(message.createdAt, "long")}
          </Text>
        </Stack>
        <Badge color={STATUS_COLOR[message.status]} autoContrast>
          {t(`adminOps.inbox.${message.status}`)}
        </Badge>
      </Group>
      <Text size="sm" mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {message.message}
      </Text>
      <Group gap="xs" mt="sm">
        {message.status !== "replied" && act("replied", t("adminOps.inbox.markReplied"))}
        {message.status !== "closed" && act("closed", t("adminOps.inbox.close"))}
        {message.status !== "new" && act("new", t("adminOps.inbox.reopen"))}
      </Group>
      {setStatus.error && (
        <Alert color="red" mt="sm" role="alert">
          {setStatus.error.message}
        </Alert>
      )}
    </Card>
  );
}

/** The admins' inbox of contact messages (docs/product.md#admin): newest first, by status, each handled once. */
export function InboxPanel() {
  const [filter, setFilter] = useState<Filter>("new");
  const inbox = trpc.contact.list.useQuery(filter === "all" ? {} : { status: filter });
  const { t } = useI18n();
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t("adminOps.inbox.show")}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: "new", label: t("adminOps.inbox.new") },
          { value: "replied", label: t("adminOps.inbox.replied") },
          { value: "closed", label: t("adminOps.inbox.closed") },
          { value: "all", label: t("adminOps.all") },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {inbox.isPending ? (
        <Loader aria-label={t("adminOps.inbox.loading")} />
      ) : inbox.isError ? (
        <Alert color="red" role="alert">
          {inbox.error.message}
        </Alert>
      ) : inbox.data.length === 0 ? (
        <Text c="dimmed">{t("adminOps.inbox.empty")}</Text>
      ) : (
        inbox.data.map((message) => <MessageCard key={message.id} message={message} />)
      )}
    </Stack>
  );
}
