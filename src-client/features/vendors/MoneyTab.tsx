import { Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { cents, formatMoney } from "../../../src/domain/money";
import { StatCard } from "../../components/StatCard";
import { formatDecimalText } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/** The vendor's money, each figure the server's sum over their ledger rows, in US dollars. */
export function MoneyTab() {
  const { t } = useI18n();
  const money = trpc.vendors.money.useQuery();
  if (money.isPending) return <Loader aria-label={t("vendor.money.loading")} />;
  if (money.isError) return <Text c="red">{t("vendor.money.loadFailed")}</Text>;
  const m = money.data;
  const usd = (value: number) => formatMoney(cents(value));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <StatCard label={t("vendor.money.sales")} value={usd(m.sales)} note={t("vendor.money.salesNote")} />
        <StatCard
          label={t("vendor.money.commission")}
          value={usd(m.commission)}
          note={t("vendor.money.commissionNote", { percent: formatDecimalText(m.commissionPercentage) })}
        />
        <StatCard label={t("vendor.money.refunds")} value={usd(m.refunds)} note={t("vendor.money.refundsNote")} />
        <StatCard label={t("vendor.money.onHold")} value={usd(m.onHold)} note={t("vendor.money.onHoldNote")} />
        <StatCard label={t("vendor.money.paidOut")} value={usd(m.paidOut)} note={t("vendor.money.paidOutNote")} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t("vendor.money.when")}
      </Text>
    </Stack>
  );
}
