import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";

function AddressField({ label, value }: { label: string; value: string }) {
  const { t } = useI18n();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-label={t("calendars.copyAddress", { label })}>
            {copied ? t("calendars.copied") : t("calendars.copy")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * docs/product.md: the person's private calendar feed (Seer: Availability tab; client: profile page), for Google,
 * Apple or Outlook Calendar to subscribe to, and `Reset address`.
 */
export function CalendarFeed({ description }: { description: string }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const feed = trpc.calendars.feed.useQuery();
  const reset = trpc.calendars.resetFeed.useMutation({
    onSuccess: (address) => {
      utils.calendars.feed.setData(undefined, address);
      notify({ title: t("calendars.resetDone"), message: t("calendars.resetDoneText") }, "success");
    },
    onError: () => notify({ title: t("calendars.error"), message: t("calendars.resetFailed") }, "destructive"),
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t("calendars.feed")}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("calendars.feed")}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {feed.data ? (
          <>
            <AddressField label="webcal://" value={feed.data.webcalUrl} />
            <AddressField label="https://" value={feed.data.httpsUrl} />
          </>
        ) : (
          <Text size="sm">{feed.isError ? t("calendars.feedFailed") : t("calendars.loading")}</Text>
        )}
        <Text size="xs" c="dimmed">
          {t("calendars.private")}
        </Text>
        <Button variant="default" w="fit-content" onClick={() => reset.mutate()} loading={reset.isPending}>
          {t("calendars.reset")}
        </Button>
      </Stack>
    </Paper>
  );
}
