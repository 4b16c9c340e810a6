import { Alert, Button, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { ConsultationCard } from "./ConsultationCard";
import type { Consultation } from "./types";

function ConsultationList({ items, past, empty }: { items: Consultation[]; past: boolean; empty: string }) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
      {items.map((c) => (
        <ConsultationCard key={c.id} consultation={c} past={past} />
      ))}
    </Stack>
  );
}

/** /profile: the signed-in client's consultations, upcoming and past. */
export function MyConsultations() {
  const { t } = useI18n();
  const consultations = trpc.bookings.clientSessions.useQuery();
  return (
    <Stack component="section" aria-labelledby="consultations-title" gap="md">
      <Title order={2} id="consultations-title">
        {t("sessions.title")}
      </Title>
      {consultations.isPending && <Loader aria-label={t("sessions.loading")} />}
      {consultations.isError && <Alert color="red" title={t("sessions.loadError")} />}
      {consultations.data && (
        <Tabs defaultValue="upcoming" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="upcoming">{t("sessions.upcoming", { count: consultations.data.upcoming.length })}</Tabs.Tab>
            <Tabs.Tab value="past">{t("sessions.past", { count: consultations.data.past.length })}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upcoming" pt="md">
            <ConsultationList items={consultations.data.upcoming} past={false} empty={t("sessions.noUpcoming")} />
            <Button component={Link} to="/seers" variant="subtle" mt="sm">
              {t("booking.title")}
            </Button>
          </Tabs.Panel>
          <Tabs.Panel value="past" pt="md">
            <ConsultationList items={consultations.data.past} past empty={t("sessions.noPast")} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
