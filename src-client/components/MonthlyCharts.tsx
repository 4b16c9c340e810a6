import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Card, SimpleGrid, Text, Title } from "@mantine/core";
import { intlLocale } from "../../src/i18n/format-locale";
import { monthLabel, type MonthKey } from "../../src/domain/months";
import { addCents, formatMoney, toCents } from "../../src/domain/money";
import { useI18n } from "../lib/i18n";

type Values = { month: MonthKey; value: string | number }[];

interface Series {
  label: string;
  /** Two-decimal amounts (money) or whole numbers (counts), one per month. */
  values: Values;
  money?: boolean;
}

/** A chart of several amounts of money stacked by month (revenue from consultations and from the shop, ...). */
export interface StackedSeries {
  label: string;
  parts: { label: string; color: string; values: Values }[];
}

function MonthlyChart({ label, money, parts }: { label: string; money: boolean; parts: StackedSeries["parts"] }) {
  const { t } = useI18n();
  const months = parts[0]?.values.map((v) => v.month) ?? [];
  const data = months.map((month, i) => {
    const row: Record<string, string | number> = { month: monthLabel(month) };
    // Money is charted in dollars (the axis), computed from exact cents.
    for (const part of parts) {
      const value = part.values[i]?.value ?? 0;
      row[part.label] = money ? toCents(String(value)) / 100 : Number(value);
    }
    return row;
  });
  const all = parts.flatMap((p) => p.values);
  const total = money
    ? formatMoney(addCents(...all.map((v) => toCents(String(v.value)))))
    : all.reduce((sum, v) => sum + Number(v.value), 0).toLocaleString(intlLocale(), { useGrouping: intlLocale() !== "en-US" });
  return (
    <Card withBorder radius="md" component="figure" m={0} aria-label={t("components.chartLabel", { label, total })}>
      <Title order={3} size="h5" mb={4}>
        {label}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" component="figcaption">
        {t("components.chartCaption", { total })}
      </Text>
      <BarChart
        h={200}
        data={data}
        dataKey="month"
        type={parts.length > 1 ? "stacked" : "default"}
        withLegend={parts.length > 1}
        series={parts.map((p) => ({ name: p.label, color: p.color }))}
        valueFormatter={(value) => (money ? formatMoney(value.toFixed(2)) : String(value))}
        tickLine="none"
        gridAxis="y"
        withYAxis={false}
        xAxisProps={{ interval: "preserveStartEnd", minTickGap: 12 }}
      />
    </Card>
  );
}

/**
 * Charts over the last 12 months: an amount of money and a count (earnings and sessions, revenue and bookings), and
 * any further amounts of money, each stacked from its parts (fees and shares, refunds).
 */
export function MonthlyCharts({
  money,
  count,
  more = [],
}: {
  money: Series | StackedSeries;
  count: Series;
  more?: StackedSeries[];
}) {
  const first = "parts" in money ? money.parts : [{ label: money.label, color: "terracotta.7", values: money.values }];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <MonthlyChart label={money.label} money parts={first} />
      <MonthlyChart label={count.label} money={false} parts={[{ label: count.label, color: "forest.7", values: count.values }]} />
      {more.map((s) => (
        <MonthlyChart key={s.label} label={s.label} money parts={s.parts} />
      ))}
    </SimpleGrid>
  );
}
