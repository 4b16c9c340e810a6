import { Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { cents, formatMoney } from "../../../src/domain/money";
import { StatCard } from "../../components/StatCard";
import { trpc } from "../../trpc";

/** The vendor's money, each figure the server's sum over their ledger rows, in US dollars. */
export function MoneyTab() {
  const money = trpc.vendors.money.useQuery();
  if (money.isPending) return <Loader aria-label="Loading your money" />;
  if (money.isError) return <Text c="red">Failed to load your money.</Text>;
  const m = money.data;
  const usd = (value: number) => formatMoney(cents(value));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <StatCard label="Sales" value={usd(m.sales)} note="Your lines as sold" />
        <StatCard label="Commission" value={usd(m.commission)} note={`${m.commissionPercentage}% of each sale, less refunds`} />
        <StatCard label="Refunds" value={usd(m.refunds)} note="Taken back for refunds and returns" />
        <StatCard label="On hold" value={usd(m.onHold)} note="Your share not yet paid out" />
        <StatCard label="Paid out" value={usd(m.paidOut)} note="Transfers less reversals" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Your share is paid to the payout details of your application once the order is delivered and its 7-day return window has
        passed.
      </Text>
    </Stack>
  );
}
