import { Badge, Container, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconVideo } from "@tabler/icons-react";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { useAuth } from "../../lib/auth";
import { trpc } from "../../trpc";
import { formatCalendarDate } from "../../lib/format";

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Container>
  );
}

/** docs/product.md#routes-and-screens /meeting/{bookingId}: only the booking's client, its Seer and admins get past 'Meeting Not Found'. */
export function MeetingRoom({ bookingId }: { bookingId: string }) {
  const auth = useAuth();
  const booking = trpc.bookings.byId.useQuery({ bookingId }, { enabled: auth.status === "signed-in" });

  if (auth.status === "loading" || auth.status === "unreachable" || (auth.status === "signed-in" && booking.isPending)) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label="Loading meeting room" />
      </Container>
    );
  }
  if (auth.status === "signed-out" || !booking.data) {
    return <Message title="Meeting Not Found" text="This meeting room doesn't exist or you don't have access to it." />;
  }
  const b = booking.data;
  if (b.status !== "confirmed") {
    return <Message title="Booking Pending" text="This consultation is not yet confirmed. Please complete payment first." />;
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Badge color="forest" mb="xs">
            Confirmed
          </Badge>
          <Title order={1}>Consultation Meeting Room</Title>
          <Text c="dimmed">Your session with {b.seerName}</Text>
        </div>
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <div>
              <Text size="sm" c="dimmed">
                Date
              </Text>
              <Text fw={600}>{formatCalendarDate(b.scheduledDate)}</Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Time
              </Text>
              <Text fw={600}>
                {b.scheduledTime} ({b.clientTimezone})
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Duration
              </Text>
              <Text fw={600}>{SESSION_MINUTES[b.sessionType]} minutes</Text>
            </div>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="xl" radius="md" bg="gray.0">
          <Stack align="center" ta="center" gap="sm">
            <IconVideo size={48} aria-hidden />
            <Title order={2} size="h3">
              Video Meeting Coming Soon
            </Title>
            <Text c="dimmed">The video call will open here at the time of your session.</Text>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            Session Notes
          </Title>
          <Text>{b.notes?.trim() ? b.notes : "No notes were added for this session."}</Text>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            Guidelines
          </Title>
          <List spacing="xs">
            <List.Item>Join a few minutes early from a quiet, private place.</List.Item>
            <List.Item>Check your camera, microphone and internet connection beforehand.</List.Item>
            <List.Item>Have your questions or intentions ready.</List.Item>
            <List.Item>Treat your Seer and their tradition with respect.</List.Item>
          </List>
        </Paper>
      </Stack>
    </Container>
  );
}
