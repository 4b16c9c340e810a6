import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";

function AddressField({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-label={`Copy the ${label} address`}>
            {copied ? "Copied" : "Copy"}
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
  const feed = trpc.calendars.feed.useQuery();
  const reset = trpc.calendars.resetFeed.useMutation({
    onSuccess: (address) => {
      utils.calendars.feed.setData(undefined, address);
      notify({ title: "Calendar address reset", message: "The old address no longer works." }, "success");
    },
    onError: () => notify({ title: "Error", message: "Failed to reset the calendar address." }, "destructive"),
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Your calendar feed">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Your calendar feed
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
          <Text size="sm">{feed.isError ? "The calendar address could not be loaded." : "Loading…"}</Text>
        )}
        <Text size="xs" c="dimmed">
          Keep this address private: anyone who has it can see your sessions. Reset it if it has been shared.
        </Text>
        <Button variant="default" w="fit-content" onClick={() => reset.mutate()} loading={reset.isPending}>
          Reset address
        </Button>
      </Stack>
    </Paper>
  );
}
