import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { notifyActionError } from "../../lib/actionError";
import { trpc } from "../../trpc";
import { formatInZone } from "./RescheduleDialog";
import type { Consultation } from "./types";

/** A new time the Seer proposed: the client accepts it or keeps the current one. */
export function ProposalNotice({ consultation: c }: { consultation: Consultation }) {
  const { t } = useI18n();
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
                  title: t("sessions.move.moved"),
                  message: t("sessions.move.movedText", { when: formatInZone(c.proposedStartsAt ?? c.startsAt, c.clientTimezone, t) }),
                }
              : { title: t("sessions.proposal.kept"), message: t("sessions.proposal.keptText") },
            "success",
          );
          void utils.bookings.clientSessions.invalidate();
        },
        onError: notifyActionError,
      },
    );
  return (
    <Alert color="ochre" variant="light" title={t("sessions.proposal.title", { name: c.seerName })} data-testid="proposal">
      <Stack gap="xs">
        <Text size="sm">{formatInZone(c.proposedStartsAt, c.clientTimezone, t)}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => answer(true)} disabled={respond.isPending}>
            {t("sessions.proposal.accept")}
          </Button>
          <Button size="xs" variant="default" onClick={() => answer(false)} disabled={respond.isPending}>
            {t("sessions.proposal.keep")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
