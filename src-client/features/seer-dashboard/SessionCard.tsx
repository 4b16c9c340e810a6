import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCalendar, IconClock, IconVideo } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { formatCalendarDate } from "../../lib/format";
import { timezoneLabel } from "./format";
import type { DashboardSession } from "./types";

/** A same-origin link is a path inside this app; anything else is another site. */
function inAppPath(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

function JoinMeeting({ link }: { link: string }) {
  const path = inAppPath(link);
  const icon = <IconVideo size={16} aria-hidden />;
  if (path) {
    return (
      <Button component={Link} to={path} leftSection={icon}>
        Join Meeting Room
      </Button>
    );
  }
  return (
    <Button component="a" href={link} target="_blank" rel="noopener noreferrer" leftSection={icon}>
      Join Meeting Room
    </Button>
  );
}

/** One confirmed session as its Seer sees it: docs/product.md#routes-and-screens upcoming and past cards. */
export function SessionCard({ session, timezone, past }: { session: DashboardSession; timezone: string; past: boolean }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={`${SESSION_MINUTES[session.sessionType]} Minute Session on ${formatCalendarDate(session.seerDate)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {SESSION_MINUTES[session.sessionType]} Minute Session
          </Title>
          {past ? (
            <Badge color="forest" variant="light">
              Completed
            </Badge>
          ) : (
            <Badge variant="light">Confirmed</Badge>
          )}
        </Group>
        <Group gap="lg">
          <Group gap={6}>
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">{formatCalendarDate(session.seerDate)}</Text>
          </Group>
          <Group gap={6}>
            <IconClock size={16} aria-hidden />
            <Text size="sm">
              {session.seerTime} ({timezoneLabel(timezone)})
            </Text>
          </Group>
        </Group>
        <Text size="sm">
          Client: <strong>{session.clientName}</strong>
        </Text>
        <Text size="sm">
          Your earnings: <strong>{formatMoney(session.seerEarnings)}</strong>
        </Text>
        {session.notes && (
          <Text size="sm" c="dimmed">
            Client notes: {session.notes}
          </Text>
        )}
        {!past && session.consultationLink && (
          <Group>
            <JoinMeeting link={session.consultationLink} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
