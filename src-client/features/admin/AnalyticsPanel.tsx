import { Card, Loader, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { formatMinor } from "../../../src/domain/currencies";
import { cents, formatMoney } from "../../../src/domain/money";
import { intlLocale } from "../../../src/i18n/format-locale";
import { MonthlyCharts } from "../../components/MonthlyCharts";
import { StatCard } from "../../components/StatCard";
import { useI18n } from "../../lib/i18n";
import { trpc, type RouterOutputs } from "../../trpc";
import { formatCount } from "./format";
import { ScrollTable } from "../../components/ScrollTable";

/** "20%" in English, "20 %" in French. */
const percent = (value: number): string => new Intl.NumberFormat(intlLocale(), { style: "percent" }).format(value);

/** docs/product.md#money-and-the-ledger: every money figure summed over the ledger, consultations and shop apart. */
function LedgerCard() {
  const { t } = useI18n();
  const summary = trpc.payouts.summary.useQuery();
  if (summary.isPending) return <Loader aria-label={t("admin.ledger.loading")} />;
  if (summary.isError) return <Text c="red">{t("admin.ledger.failed")}</Text>;
  const l = summary.data;
  const figures: [string, number, string][] = [
    [t("admin.ledger.consultations"), l.consultationCharges, t("admin.ledger.consultationsNote")],
    [t("admin.ledger.shopSales"), l.shopSales, t("admin.ledger.shopSalesNote")],
    [
      t("admin.ledger.refunds"),
      l.consultationRefunds + l.shopRefunds,
      t("admin.ledger.refundsNote", { amount: formatMoney(cents(l.shopRefunds)) }),
    ],
    [t("admin.ledger.platformFees"), l.platformFees, t("admin.ledger.settled")],
    [t("admin.ledger.seerShares"), l.seerShares, t("admin.ledger.settled")],
    [t("admin.ledger.paidToSeers"), l.paidToSeers, t("admin.ledger.paidToSeersNote")],
    [t("admin.ledger.owedToSeers"), l.owedToSeers, t("admin.ledger.owedToSeersNote")],
    [t("admin.ledger.payoutFees"), l.payoutFees, t("admin.ledger.payoutFeesNote")],
    [t("admin.ledger.held"), l.held, t("admin.ledger.heldNote")],
  ];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="md">
        {t("admin.ledger.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {figures.map(([label, value, note]) => (
          <div key={label}>
            <Text fz={24} fw={700}>
              {formatMoney(cents(value))}
            </Text>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {l.byCurrency.some((c) => c.currency !== "USD") && <ByCurrency rows={l.byCurrency} />}
    </Card>
  );
}

/** The ledger's money in and out by the currency it moved in, with its book value (issues #40, #41). */
function ByCurrency({ rows }: { rows: RouterOutputs["payouts"]["summary"]["byCurrency"] }) {
  const { t } = useI18n();
  const both = (local: number, book: number, currency: (typeof rows)[number]["currency"]) =>
    currency === "USD" ? formatMoney(cents(book)) : `${formatMinor(local, currency)} (${formatMoney(cents(book))})`;
  return (
    <ScrollTable minWidth={420} label={t("admin.byCurrency")} mt="lg">
      <Table aria-label={t("admin.byCurrency")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("admin.byCurrency.currency")}</Table.Th>
            <Table.Th>{t("admin.byCurrency.taken")}</Table.Th>
            <Table.Th>{t("admin.byCurrency.sent")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.currency}>
              <Table.Td>{r.currency}</Table.Td>
              <Table.Td>{both(r.takenLocal, r.taken, r.currency)}</Table.Td>
              <Table.Td>{both(r.paidOutLocal, r.paidOut, r.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The Analytics tab: the figures, the charts over 12 months, the ledger and the platform's counts. */
export function AnalyticsPanel() {
  const { t } = useI18n();
  const analytics = trpc.admin.analytics.useQuery();
  if (analytics.isPending) return <Loader aria-label={t("admin.analytics.loading")} />;
  if (analytics.isError) return <Text c="red">{t("admin.analytics.failed")}</Text>;
  const a = analytics.data;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard
          label={t("admin.analytics.totalRevenue")}
          value={formatMoney(a.totalRevenue)}
          note={t("admin.analytics.paidBookings", { count: a.paidBookings, shown: formatCount(a.paidBookings) })}
        />
        <StatCard
          label={t("admin.analytics.consultationRevenue")}
          value={formatMoney(a.consultationRevenue)}
          note={t("admin.analytics.consultationRevenueNote")}
        />
        <StatCard
          label={t("admin.analytics.shopRevenue")}
          value={formatMoney(a.shopRevenue)}
          note={t("admin.analytics.shopRevenueNote")}
        />
        <StatCard
          label={t("admin.analytics.refunded")}
          value={formatMoney(a.refunded)}
          note={t("admin.analytics.cancelledBookingsNote", {
            count: a.cancelledBookings,
            shown: formatCount(a.cancelledBookings),
          })}
        />
        <StatCard label={t("admin.analytics.commission")} value={formatMoney(a.platformCommission)} note={percent(0.2)} />
        <StatCard
          label={t("admin.analytics.seerEarnings")}
          value={formatMoney(a.seerEarnings)}
          note={t("admin.analytics.seerEarningsNote", { percent: percent(0.8) })}
        />
        <StatCard
          label={t("admin.analytics.activeProducts")}
          value={formatCount(a.activeProducts)}
          note={t("admin.analytics.activeProductsNote")}
        />
      </SimpleGrid>
      <MonthlyCharts
        money={{
          label: t("admin.chart.revenue"),
          parts: [
            {
              label: t("admin.chart.consultations"),
              color: "terracotta.7",
              values: a.monthly.map((m) => ({ month: m.month, value: m.consultations })),
            },
            {
              label: t("admin.chart.shop"),
              color: "ochre.6",
              values: a.monthly.map((m) => ({ month: m.month, value: m.shop })),
            },
          ],
        }}
        count={{ label: t("admin.chart.paidBookings"), values: a.monthly.map((m) => ({ month: m.month, value: m.bookings })) }}
        more={[
          {
            label: t("admin.chart.feesAndShares"),
            parts: [
              {
                label: t("admin.chart.platformFees"),
                color: "forest.7",
                values: a.monthly.map((m) => ({ month: m.month, value: m.platformFees })),
              },
              {
                label: t("admin.chart.seerShares"),
                color: "terracotta.4",
                values: a.monthly.map((m) => ({ month: m.month, value: m.seerShares })),
              },
            ],
          },
          {
            label: t("admin.chart.refunds"),
            parts: [
              {
                label: t("admin.chart.consultations"),
                color: "terracotta.7",
                values: a.monthly.map((m) => ({ month: m.month, value: m.consultationRefunds })),
              },
              {
                label: t("admin.chart.shop"),
                color: "ochre.6",
                values: a.monthly.map((m) => ({ month: m.month, value: m.shopRefunds })),
              },
            ],
          },
        ]}
      />
      <LedgerCard />
      <Card withBorder padding="lg">
        <Title order={2} size="h3" mb="md">
          {t("admin.overview.title")}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 3 }}>
          {(
            [
              [t("admin.overview.totalSeers"), a.totalSeers],
              [t("admin.overview.pendingApplications"), a.pendingApplications],
              [t("admin.overview.totalBookings"), a.totalBookings],
              [t("admin.overview.confirmedBookings"), a.confirmedBookings],
              [t("admin.overview.completedSessions"), a.completedSessions],
              [t("admin.overview.cancelledBookings"), a.cancelledBookings],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <Text fz={24} fw={700}>
                {formatCount(value)}
              </Text>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
