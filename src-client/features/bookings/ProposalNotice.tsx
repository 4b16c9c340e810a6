import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { notify } from "../../lib/notify";
import { notifyActionError } from "../../lib/actionError";
import { trpc } from "../../trpc";
import { formatInZone } from "./RescheduleDialog";
import type { Consultation } from "./types";

/** A new time the Seer proposed: the client accepts it or keeps the current one. */
export function ProposalNotice({ consultation: c }: { consultation: Consultation }) {
  const utils = trpc.useUtils();
  const respond = trpc.bookings.respondToProposal.useMutation();
  if (!c.proposedStartsAt) return null;
  const answer = (accept: boolean) =>
    respond.mutate(
      { bookingId: c.id, accept, sequence: c.calendarSequence },
      {
        onSuccess: () => {
          notify(
            accept
              ? {
                  title: "Consultation Rescheduled",
                  message: `Your new time is ${formatInZone(c.proposedStartsAt ?? c.startsAt, c.clientTimezone)}.`,
                }
              : { title: "Time Kept", message: "Your consultation stays at its current time." },
            "success",
          );
          void utils.bookings.clientSessions.invalidate();
        },
        onError: notifyActionError,
      },
    );
  return (
    <Alert color="ochre" variant="light" title={`${c.seerName} proposed a new time`} data-testid="proposal">
      <Stack gap="xs">
        <Text size="sm">{formatInZone(c.proposedStartsAt, c.clientTimezone)}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => answer(true)} disabled={respond.isPending}>
            Accept New Time
          </Button>
          <Button size="xs" variant="default" onClick={() => answer(false)} disabled={respond.isPending}>
            Keep Current Time
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
