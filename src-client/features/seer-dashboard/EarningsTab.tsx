import { Alert, Badge, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { PLATFORM_FEE_PERCENT, SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { EARNINGS_PERIODS, type EarningsPeriod } from "../../../src/schemas/dashboard";
import { trpc } from "../../trpc";
import { formatCalendarDate } from "../../lib/format";
import { StatCard } from "../../components/StatCard";
import { MonthlyCharts } from "../../components/MonthlyCharts";
import { useMediaQuery } from "@mantine/hooks";
import { PayoutsCard, type PayoutsStep } from "./PayoutsCard";

/** docs/product.md#routes-and-screens Earnings tab: the period filter, four figures, the table (newest first) and the commission breakdown. */
export function EarningsTab({ payoutsStep, onPayoutsStepDone }: { payoutsStep?: PayoutsStep | undefined; onPayoutsStepDone?: () => void }) {
  const [period, setPeriod] = useState<EarningsPeriod>("all");
  const narrow = useMediaQuery("(max-width: 36em)") ?? false;
  // The last figures stay on screen while the next period loads, rather than a spinner in their place.
  const earnings = trpc.bookings.seerEarnings.useQuery({ period }, { placeholderData: (previous) => previous });
  const periodLabel = EARNINGS_PERIODS.find((p) => p.value === period)?.label ?? "";

  return (
    <Stack gap="lg">
      <PayoutsCard step={payoutsStep} {...(onPayoutsStepDone ? { onStepDone: onPayoutsStepDone } : {})} />
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Earnings
        </Title>
        <SegmentedControl
          aria-label="Earnings period"
          // Four periods do not fit a 360 px phone side by side: stacked there, in a row from the small breakpoint.
          orientation={narrow ? "vertical" : "horizontal"}
          fullWidth={narrow}
          w={narrow ? "100%" : undefined}
          value={period}
          onChange={(value) => setPeriod(value as EarningsPeriod)}
          data={EARNINGS_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
        />
      </Group>
      {earnings.isPending ? (
        <Loader aria-label="Loading earnings" />
      ) : earnings.isError ? (
        <Alert color="red" title="Could not load your earnings" role="alert">
          Please try again later.
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
            <StatCard label="Confirmed Earnings" value={formatMoney(earnings.data.confirmedEarnings)} note={periodLabel} />
            <StatCard
              label="Pending Payouts"
              value={formatMoney(earnings.data.pendingPayouts)}
              note="Bookings awaiting payment"
            />
            <StatCard label="Total (All Time)" value={formatMoney(earnings.data.totalAllTime)} note="All paid sessions" />
            <StatCard
              label="Platform Commission"
              value={`${PLATFORM_FEE_PERCENT}%`}
              note={`You keep ${100 - PLATFORM_FEE_PERCENT}%`}
            />
            <StatCard label="Refunded to Clients" value={formatMoney(earnings.data.refunded)} note={periodLabel} />
          </SimpleGrid>
          <MonthlyCharts
            money={{ label: "Earnings", values: earnings.data.monthly.map((m) => ({ month: m.month, value: m.earnings })) }}
            count={{ label: "Sessions", values: earnings.data.monthly.map((m) => ({ month: m.month, value: m.sessions })) }}
          />
          <Card withBorder radius="md">
            <Title order={3} size="h4" mb="sm">
              Sessions
            </Title>
            {earnings.data.rows.length === 0 ? (
              <Text c="dimmed">No sessions in this period.</Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped aria-label="Earnings by session">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Session</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Total</Table.Th>
                      <Table.Th>Refunded</Table.Th>
                      <Table.Th>Platform Fee</Table.Th>
                      <Table.Th>Earnings</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {earnings.data.rows.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>
                          {formatCalendarDate(row.seerDate, "short")} {row.seerTime}
                        </Table.Td>
                        <Table.Td>{SESSION_MINUTES[row.sessionType]} min</Table.Td>
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
                            {row.status}
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
              </Table.ScrollContainer>
            )}
          </Card>
          <Card withBorder radius="md">
            <Title order={3} size="h4" mb="sm">
              Commission Breakdown
            </Title>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text>Gross session revenue</Text>
                <Text fw={600}>{formatMoney(earnings.data.grossRevenue)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Platform commission ({PLATFORM_FEE_PERCENT}%)</Text>
                <Text fw={600}>-{formatMoney(earnings.data.platformCommission)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Your earnings ({100 - PLATFORM_FEE_PERCENT}%)</Text>
                <Text fw={700}>{formatMoney(earnings.data.confirmedEarnings)}</Text>
              </Group>
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
