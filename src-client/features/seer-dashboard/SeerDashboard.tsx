import { Alert, Container, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { formatMoney } from "../../../src/domain/money";
import { PLATFORM_FEE_PERCENT } from "../../../src/domain/consultations";
import { accessNotice } from "../account/notices";
import { AccessNoticeView } from "../account/guard";
import { useI18n } from "../../lib/i18n";
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
  const { t } = useI18n();
  const sessions = past ? lists.past : lists.upcoming;
  if (sessions.length === 0) {
    return <Text c="dimmed">{t(past ? "dashboard.noPast" : "dashboard.noUpcoming")}</Text>;
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
  const { t } = useI18n();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1}>{t("dashboard.title")}</Title>
            <Text c="dimmed">{t("dashboard.welcome", { name: seer.fullName, zone: timezoneLabel(seer.timezone) })}</Text>
          </div>
          <InboxButton />
        </Group>
        {!seer.price15Min && !seer.price30Min && !seer.price60Min && (
          <Alert color="orange" title={t("dashboard.notListed.title")}>
            {t("dashboard.notListed.message")}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <StatCard
            label={t("dashboard.stat.totalEarnings")}
            value={formatMoney(summary.totalEarnings)}
            note={t("dashboard.stat.afterFee", { percent: PLATFORM_FEE_PERCENT })}
          />
          <StatCard
            label={t("dashboard.stat.thisMonth")}
            value={formatMoney(summary.thisMonth)}
            note={t("dashboard.stat.thisMonthNote")}
          />
          <StatCard
            label={t("dashboard.stat.upcoming")}
            value={String(summary.upcomingSessions)}
            note={t("dashboard.stat.upcomingNote")}
          />
          <StatCard
            label={t("dashboard.stat.total")}
            value={String(summary.totalSessions)}
            note={t("dashboard.stat.totalNote")}
          />
        </SimpleGrid>
        <Tabs value={tab} onChange={(value) => isDashboardTab(value) && onTab(value)} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="upcoming">{t("dashboard.tab.upcoming", { count: summary.upcomingSessions })}</Tabs.Tab>
            <Tabs.Tab value="past">{t("dashboard.tab.past", { count: summary.pastSessions })}</Tabs.Tab>
            <Tabs.Tab value="earnings">{t("dashboard.tab.earnings")}</Tabs.Tab>
            <Tabs.Tab value="profile">{t("dashboard.tab.profile")}</Tabs.Tab>
            <Tabs.Tab value="availability">{t("dashboard.tab.availability")}</Tabs.Tab>
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
  const { t } = useI18n();

  if ([overview, lists].some((query) => query.error?.data?.code === "FORBIDDEN")) {
    return <AccessNoticeView notice={accessNotice("seerDashboard", "wrongRole")} />;
  }
  if (overview.isPending || lists.isPending) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label={t("dashboard.loading")} />
      </Container>
    );
  }
  if (overview.isError || lists.isError) {
    return (
      <Container size="sm" py={80}>
        <Alert color="red" title={t("dashboard.loadFailed")} role="alert">
          {t("dashboard.loadFailedMessage")}
        </Alert>
      </Container>
    );
  }
  return <Dashboard seer={overview.data.seer} lists={lists.data} tab={tab} onTab={onTab} payoutsStep={payoutsStep} />;
}
