import { Alert, Badge, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { PLATFORM_FEE_PERCENT, SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { EARNINGS_PERIODS, type EarningsPeriod } from "../../../src/schemas/dashboard";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { formatCalendarDate } from "../../lib/format";
import { StatCard } from "../../components/StatCard";
import { MonthlyCharts } from "../../components/MonthlyCharts";
import { useMediaQuery } from "@mantine/hooks";
import { PayoutsCard, type PayoutsStep } from "./PayoutsCard";
import { ScrollTable } from "../../components/ScrollTable";

/** docs/product.md#routes-and-screens Earnings tab: the period filter, four figures, the table (newest first) and the commission breakdown. */
export function EarningsTab({
  payoutsStep,
  onPayoutsStepDone,
}: {
  payoutsStep?: PayoutsStep | undefined;
  onPayoutsStepDone?: () => void;
}) {
  const [period, setPeriod] = useState<EarningsPeriod>("all");
  const narrow = useMediaQuery("(max-width: 36em)") ?? false;
  // The last figures stay on screen while the next period loads, rather than a spinner in their place.
  const earnings = trpc.bookings.seerEarnings.useQuery({ period }, { placeholderData: (previous) => previous });
  const { t } = useI18n();
  const periodLabel = t(`dashboard.earnings.period.${period}`);

  return (
    <Stack gap="lg">
      <PayoutsCard step={payoutsStep} {...(onPayoutsStepDone ? { onStepDone: onPayoutsStepDone } : {})} />
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {t("dashboard.earnings.title")}
        </Title>
        <SegmentedControl
          aria-label={t("dashboard.earnings.period")}
          // Four periods do not fit a 360 px phone side by side: stacked there, in a row from the small breakpoint.
          orientation={narrow ? "vertical" : "horizontal"}
          fullWidth={narrow}
          w={narrow ? "100%" : undefined}
          value={period}
          onChange={(value) => setPeriod(value as EarningsPeriod)}
          data={EARNINGS_PERIODS.map((p) => ({ value: p.value, label: t(`dashboard.earnings.period.${p.value}`) }))}
        />
      </Group>
      {earnings.isPending ? (
        <Loader aria-label={t("dashboard.earnings.loading")} />
      ) : earnings.isError ? (
        <Alert color="red" title={t("dashboard.earnings.loadFailed")} role="alert">
          {t("dashboard.earnings.loadFailedMessage")}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
            <StatCard
              label={t("dashboard.earnings.confirmed")}
              value={formatMoney(earnings.data.confirmedEarnings)}
              note={periodLabel}
            />
            <StatCard
              label={t("dashboard.earnings.pending")}
              value={formatMoney(earnings.data.pendingPayouts)}
              note={t("dashboard.earnings.pendingNote")}
            />
            <StatCard
              label={t("dashboard.earnings.total")}
              value={formatMoney(earnings.data.totalAllTime)}
              note={t("dashboard.earnings.totalNote")}
            />
            <StatCard
              label={t("dashboard.earnings.commission")}
              value={t("dashboard.earnings.percent", { percent: PLATFORM_FEE_PERCENT })}
              note={t("dashboard.earnings.keep", { percent: 100 - PLATFORM_FEE_PERCENT })}
            />
            <StatCard label={t("dashboard.earnings.refunded")} value={formatMoney(earnings.data.refunded)} note={periodLabel} />
          </SimpleGrid>
          <MonthlyCharts
            money={{
              label: t("dashboard.earnings.chartEarnings"),
              values: earnings.data.monthly.map((m) => ({ month: m.month, value: m.earnings })),
            }}
            count={{
              label: t("dashboard.earnings.chartSessions"),
              values: earnings.data.monthly.map((m) => ({ month: m.month, value: m.sessions })),
            }}
          />
          <Card withBorder radius="md">
            <Title order={3} size="h4" mb="sm">
              {t("dashboard.earnings.sessions")}
            </Title>
            {earnings.data.rows.length === 0 ? (
              <Text c="dimmed">{t("dashboard.earnings.none")}</Text>
            ) : (
              <ScrollTable minWidth={720} label={t("dashboard.earnings.table")}>
                <Table striped aria-label={t("dashboard.earnings.table")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("dashboard.earnings.date")}</Table.Th>
                      <Table.Th>{t("dashboard.earnings.session")}</Table.Th>
                      <Table.Th>{t("dashboard.earnings.status")}</Table.Th>
                      <Table.Th>{t("dashboard.earnings.amount")}</Table.Th>
                      <Table.Th>{t("dashboard.earnings.refundedColumn")}</Table.Th>
                      <Table.Th>{t("dashboard.earnings.fee")}</Table.Th>
                      <Table.Th>{t("dashboard.earnings.earnings")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {earnings.data.rows.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>
                          {formatCalendarDate(row.seerDate, "short")} {row.seerTime}
                        </Table.Td>
                        <Table.Td>{t("dashboard.earnings.minutes", { minutes: SESSION_MINUTES[row.sessionType] })}</Table.Td>
                        <Table.Td>
                          <Badge
                            color={
                              row.status === "confirmed" || row.status === "completed"
                                ? "forest"
                                : row.status === "cancelled"
                                  ? "red"
                                  : "ochre"
                            }
                            variant="light"
                          >
                            {t(`dashboard.status.${row.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatMoney(row.amount)}</Table.Td>
                        <Table.Td>{formatMoney(row.refundedAmount)}</Table.Td>
                        <Table.Td>{formatMoney(row.platformFee)}</Table.Td>
                        <Table.Td>{formatMoney(row.seerEarnings)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </Card>
          <Card withBorder radius="md">
            <Title order={3} size="h4" mb="sm">
              {t("dashboard.earnings.breakdown")}
            </Title>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text>{t("dashboard.earnings.gross")}</Text>
                <Text fw={600}>{formatMoney(earnings.data.grossRevenue)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>{t("dashboard.earnings.platformCommission", { percent: PLATFORM_FEE_PERCENT })}</Text>
                <Text fw={600}>-{formatMoney(earnings.data.platformCommission)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>{t("dashboard.earnings.yourEarnings", { percent: 100 - PLATFORM_FEE_PERCENT })}</Text>
                <Text fw={700}>{formatMoney(earnings.data.confirmedEarnings)}</Text>
              </Group>
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
