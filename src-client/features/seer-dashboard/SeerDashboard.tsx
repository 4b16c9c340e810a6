import { Alert, Container, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { formatMoney } from "../../../src/domain/money";
import { PLATFORM_FEE_PERCENT } from "../../../src/domain/consultations";
import { accessNotice } from "../account/notices";
import { AccessNoticeView } from "../account/guard";
import { trpc } from "../../trpc";
import { AvailabilityTab } from "./AvailabilityTab";
import { EarningsTab } from "./EarningsTab";
import { ProfileTab } from "./ProfileTab";
import { SessionCard } from "./SessionCard";
import { timezoneLabel } from "./format";
import type { DashboardSeer, SeerSessions } from "./types";
import { StatCard } from "../../components/StatCard";
import { isDashboardTab, type DashboardTab } from "./tabs";
import type { PayoutsStep } from "./PayoutsCard";
import { InboxButton } from "../messages/MessagesButton";

function SessionList({ seer, lists, past }: { seer: DashboardSeer; lists: SeerSessions; past: boolean }) {
  const sessions = past ? lists.past : lists.upcoming;
  if (sessions.length === 0) {
    return <Text c="dimmed">{past ? "No past sessions yet." : "No upcoming sessions."}</Text>;
  }
  return (
    <Stack gap="md">
      {sessions.map((session) => (
        <SessionCard key={session.id} session={session} seerId={seer.id} timezone={seer.timezone} past={past} />
      ))}
    </Stack>
  );
}

function Dashboard({ seer, lists, tab, onTab, payoutsStep }: { seer: DashboardSeer; lists: SeerSessions } & TabProps) {
  const { summary } = lists;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1}>Seer Dashboard</Title>
            <Text c="dimmed">
              Welcome back, {seer.fullName}. Times are shown in your timezone ({timezoneLabel(seer.timezone)}).
            </Text>
          </div>
          <InboxButton />
        </Group>
        {!seer.price15Min && !seer.price30Min && !seer.price60Min && (
          <Alert color="orange" title="Your profile is not listed yet">
            Clients cannot find or book you until you set at least one price. Add your prices in the Profile tab.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <StatCard
            label="Total Earnings"
            value={formatMoney(summary.totalEarnings)}
            note={`After ${PLATFORM_FEE_PERCENT}% platform fee`}
          />
          <StatCard label="This Month" value={formatMoney(summary.thisMonth)} note="Paid sessions this month" />
          <StatCard label="Upcoming Sessions" value={String(summary.upcomingSessions)} note="Confirmed and scheduled" />
          <StatCard label="Total Sessions" value={String(summary.totalSessions)} note="Confirmed and held sessions" />
        </SimpleGrid>
        <Tabs value={tab} onChange={(value) => isDashboardTab(value) && onTab(value)} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="upcoming">Upcoming ({summary.upcomingSessions})</Tabs.Tab>
            <Tabs.Tab value="past">Past ({summary.pastSessions})</Tabs.Tab>
            <Tabs.Tab value="earnings">Earnings</Tabs.Tab>
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="availability">Availability</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upcoming">
            <SessionList seer={seer} lists={lists} past={false} />
          </Tabs.Panel>
          <Tabs.Panel value="past">
            <SessionList seer={seer} lists={lists} past />
          </Tabs.Panel>
          <Tabs.Panel value="earnings">
            <EarningsTab payoutsStep={payoutsStep} onPayoutsStepDone={() => onTab("earnings")} />
          </Tabs.Panel>
          <Tabs.Panel value="profile">
            <ProfileTab seer={seer} />
          </Tabs.Panel>
          <Tabs.Panel value="availability">
            <AvailabilityTab key={`${seer.timezone}`} seer={seer} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

interface TabProps {
  tab: DashboardTab;
  onTab: (tab: DashboardTab) => void;
  /** Back from the payout account's onboarding (?payouts=return), or its link ran out (?payouts=refresh). */
  payoutsStep?: PayoutsStep | undefined;
}

/**
 * docs/product.md#routes-and-screens /seer/dashboard: Seers only (routes/seer/dashboard.tsx); the server decides, the
 * screen explains. The open tab is the address's.
 */
export function SeerDashboard({ tab, onTab, payoutsStep }: TabProps) {
  const overview = trpc.seerDashboard.overview.useQuery();
  // The cards and session lists are the bookings' (refreshed with them after a booking's change).
  const lists = trpc.bookings.seerSessions.useQuery();

  if ([overview, lists].some((query) => query.error?.data?.code === "FORBIDDEN")) {
    return <AccessNoticeView notice={accessNotice("seerDashboard", "wrongRole")} />;
  }
  if (overview.isPending || lists.isPending) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label="Loading your dashboard" />
      </Container>
    );
  }
  if (overview.isError || lists.isError) {
    return (
      <Container size="sm" py={80}>
        <Alert color="red" title="Could not load your dashboard" role="alert">
          Something went wrong. Please try again later.
        </Alert>
      </Container>
    );
  }
  return <Dashboard seer={overview.data.seer} lists={lists.data} tab={tab} onTab={onTab} payoutsStep={payoutsStep} />;
}
