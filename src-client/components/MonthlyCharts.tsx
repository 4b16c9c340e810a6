import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Card, SimpleGrid, Text, Title } from "@mantine/core";
import { monthLabel, type MonthKey } from "../../src/domain/months";
import { addCents, formatMoney, toCents } from "../../src/domain/money";

interface Series {
  label: string;
  /** Two-decimal amounts (money) or whole numbers (counts), one per month. */
  values: { month: MonthKey; value: string | number }[];
  money?: boolean;
}

function MonthlyChart({ series, color }: { series: Series; color: string }) {
  const data = series.values.map(({ month, value }) => ({
    month: monthLabel(month),
    // Money is charted in dollars (the axis), computed from exact cents.
    [series.label]: series.money ? toCents(String(value)) / 100 : Number(value),
  }));
  const total = series.money
    ? formatMoney(addCents(...series.values.map((v) => toCents(String(v.value)))))
    : String(series.values.reduce((sum, v) => sum + Number(v.value), 0));
  return (
    <Card withBorder radius="md" component="figure" m={0} aria-label={`${series.label} by month, last 12 months: ${total} in all`}>
      <Title order={3} size="h5" mb={4}>
        {series.label}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" component="figcaption">
        Last 12 months: {total}
      </Text>
      <BarChart
        h={200}
        data={data}
        dataKey="month"
        series={[{ name: series.label, color }]}
        valueFormatter={(value) => (series.money ? formatMoney(value.toFixed(2)) : String(value))}
        tickLine="none"
        gridAxis="y"
        withYAxis={false}
        xAxisProps={{ interval: "preserveStartEnd", minTickGap: 12 }}
      />
    </Card>
  );
}

/** Two charts over the last 12 months: an amount of money and a count (earnings and sessions, revenue and bookings). */
export function MonthlyCharts({ money, count }: { money: Series; count: Series }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <MonthlyChart series={{ ...money, money: true }} color="terracotta.7" />
      <MonthlyChart series={count} color="forest.7" />
    </SimpleGrid>
  );
}
