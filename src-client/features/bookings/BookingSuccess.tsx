import { Button, Container, Group, List, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCreditCard } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatPaid } from "../../../src/domain/money";
import { trpc } from "../../trpc";
import { CalendarButton } from "./CalendarButton";

/** The booked session as the client reads it: their own clock and timezone. */
function BookingDetails({ bookingId }: { bookingId: string }) {
  const booking = trpc.bookings.byId.useQuery({ bookingId });
  if (!booking.data) return null;
  const b = booking.data;
  const zone = b.clientTimezone;
  const day = b.startsAt.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: zone });
  const time = b.startsAt.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: zone });
  return (
    <Paper withBorder p="lg" radius="md" w="100%" ta="left" aria-label="Your booking" component="section">
      <SimpleGrid cols={2} spacing="xs">
        <Text fw={600}>Seer</Text>
        <Text>{b.seerName}</Text>
        <Text fw={600}>Date</Text>
        <Text>{day}</Text>
        <Text fw={600}>Time</Text>
        <Text>
          {time} ({zone})
        </Text>
        <Text fw={600}>Duration</Text>
        <Text>{SESSION_MINUTES[b.sessionType]} minutes</Text>
        <Text fw={600}>Amount paid</Text>
        <Text>{formatPaid(b.amount, { currency: b.chargeCurrency, amount: b.chargeAmount })}</Text>
      </SimpleGrid>
      <CalendarButton bookingId={b.id} mt="md" />
    </Paper>
  );
}

/** docs/product.md#routes-and-screens /booking/success/{paymentIntentId}: confirms the payment on load. */
export function BookingSuccess({ paymentIntentId }: { paymentIntentId: string }) {
  const confirm = trpc.bookings.confirmPayment.useMutation();
  const utils = trpc.useUtils();
  const started = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // Once per payment intent, even when React runs effects twice; the server is idempotent anyway.
    if (started.current === paymentIntentId) return;
    started.current = paymentIntentId;
    mutate({ paymentIntentId }, { onSuccess: () => void utils.bookings.invalidate() });
  }, [paymentIntentId, mutate, utils]);

  if (confirm.isError) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <Title order={1}>Payment Confirmation Failed</Title>
          <Text c="dimmed">There was an issue confirming your payment. Please contact support.</Text>
          <Button component={Link} to="/seers">
            Return to Seers
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!confirm.isSuccess) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" gap="md" role="status">
          <Loader />
          <Text>Confirming your booking...</Text>
        </Stack>
      </Container>
    );
  }
  const { meetingLink, bookingId } = confirm.data;
  return (
    <Container size="sm" py={60}>
      <Stack align="center" ta="center" gap="lg">
        <ThemeIcon size={64} radius="xl" color="forest" aria-hidden>
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={1}>Booking Confirmed!</Title>
        <Text c="dimmed">Your spiritual consultation has been booked.</Text>
        <BookingDetails bookingId={bookingId} />
        <Paper withBorder p="lg" radius="md" w="100%" ta="left">
          <Title order={2} size="h4" mb="sm">
            What happens next?
          </Title>
          <List spacing="xs">
            <List.Item>You'll receive an e-mail confirmation with a calendar invite.</List.Item>
            <List.Item>We'll send you a reminder 24 hours before your session.</List.Item>
            <List.Item>Your Seer may reach out before the session.</List.Item>
          </List>
        </Paper>
        <Group gap="xs">
          <IconCreditCard size={20} aria-hidden />
          <Text fw={600}>Payment Confirmed</Text>
        </Group>
        <Stack gap="sm" w="100%">
          {meetingLink && (
            <Button component="a" href={meetingLink} size="md">
              View Meeting Room
            </Button>
          )}
          <Group grow>
            <Button component={Link} to="/seers" variant="outline">
              Browse More Seers
            </Button>
            <Button component={Link} to="/" variant="default">
              Return Home
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Container>
  );
}
