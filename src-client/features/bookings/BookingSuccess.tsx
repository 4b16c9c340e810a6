import { Button, Container, Group, List, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCreditCard } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatPaid } from "../../../src/domain/money";
import { intlLocale } from "../../../src/i18n/format-locale";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { CalendarButton } from "./CalendarButton";

/** The booked session as the client reads it: their own clock and timezone. */
function BookingDetails({ bookingId }: { bookingId: string }) {
  const { t } = useI18n();
  const booking = trpc.bookings.byId.useQuery({ bookingId });
  if (!booking.data) return null;
  const b = booking.data;
  const zone = b.clientTimezone;
  const day = formatDate(b.startsAt, "weekday", zone);
  const time = b.startsAt.toLocaleTimeString(intlLocale(), { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: zone });
  return (
    <Paper withBorder p="lg" radius="md" w="100%" ta="left" aria-label={t("booking.yourBooking")} component="section">
      <SimpleGrid cols={2} spacing="xs">
        <Text fw={600}>{t("booking.seer")}</Text>
        <Text>{b.seerName}</Text>
        <Text fw={600}>{t("booking.date")}</Text>
        <Text>{day}</Text>
        <Text fw={600}>{t("booking.time")}</Text>
        <Text>{t("booking.timeInZone", { time, timeZone: zone })}</Text>
        <Text fw={600}>{t("booking.duration")}</Text>
        <Text>{t("booking.minutes", { minutes: SESSION_MINUTES[b.sessionType] })}</Text>
        <Text fw={600}>{t("booking.amountPaid")}</Text>
        <Text>{formatPaid(b.amount, { currency: b.chargeCurrency, amount: b.chargeAmount })}</Text>
      </SimpleGrid>
      <CalendarButton bookingId={b.id} mt="md" />
    </Paper>
  );
}

/** docs/product.md#routes-and-screens /booking/success/{paymentIntentId}: confirms the payment on load. */
export function BookingSuccess({ paymentIntentId }: { paymentIntentId: string }) {
  const { t } = useI18n();
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
          <Title order={1}>{t("booking.confirmFailed")}</Title>
          <Text c="dimmed">{t("booking.confirmFailedText")}</Text>
          <Button component={Link} to="/seers">
            {t("booking.returnToSeers")}
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
          <Text>{t("booking.confirming")}</Text>
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
        <Title order={1}>{t("booking.confirmed")}</Title>
        <Text c="dimmed">{t("booking.confirmedText")}</Text>
        <BookingDetails bookingId={bookingId} />
        <Paper withBorder p="lg" radius="md" w="100%" ta="left">
          <Title order={2} size="h4" mb="sm">
            {t("booking.next")}
          </Title>
          <List spacing="xs">
            <List.Item>{t("booking.next.mail")}</List.Item>
            <List.Item>{t("booking.next.reminder")}</List.Item>
            <List.Item>{t("booking.next.seer")}</List.Item>
          </List>
        </Paper>
        <Group gap="xs">
          <IconCreditCard size={20} aria-hidden />
          <Text fw={600}>{t("booking.paymentConfirmed")}</Text>
        </Group>
        <Stack gap="sm" w="100%">
          {meetingLink && (
            <Button component="a" href={meetingLink} size="md">
              {t("booking.meetingRoom")}
            </Button>
          )}
          <Group grow>
            <Button component={Link} to="/seers" variant="outline">
              {t("booking.browseSeers")}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t("booking.returnHome")}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Container>
  );
}
