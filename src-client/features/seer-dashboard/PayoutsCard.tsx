import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { formatMoney, cents } from "../../../src/domain/money";
import type { PayoutStatus } from "../../../src/domain/enums";
import { StatCard } from "../../components/StatCard";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { LocalPayoutMethod, LocalPayoutsTable } from "./LocalPayouts";
import { ScrollTable } from "../../components/ScrollTable";

const STATUS_COLOR: Record<PayoutStatus, string> = { not_connected: "gray", details_needed: "orange", active: "green" };

/** Back from the provider's onboarding (`return`), or its link ran out (`refresh`): ?payouts= in the address. */
export type PayoutsStep = "return" | "refresh";

/**
 * docs/product.md#money-and-the-ledger, on the Earnings tab: the payout account and its state, the balances pending,
 * available and paid out, and the payout history.
 */
export function PayoutsCard({ step, onStepDone }: { step?: PayoutsStep | undefined; onStepDone?: () => void }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  // Where the Seer's country is paid: Stripe's onboarding, or details of mobile money or a local bank (issue #40).
  const options = trpc.payouts.options.useQuery();
  // While a payout is on its way or about to go (the server knows: an active account, or local details and a balance
  // over the minimum), look again until it has gone.
  const overview = trpc.payouts.overview.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.payoutDue ? 3000 : false),
  });
  const connect = trpc.payouts.connect.useMutation({ onSuccess: ({ url }) => window.location.assign(url) });
  const refresh = trpc.payouts.refresh.useMutation({ onSettled: () => void utils.payouts.overview.invalidate() });
  const handled = useRef(false);
  const { mutate: connectNow } = connect;
  const { mutate: refreshNow } = refresh;

  useEffect(() => {
    if (!step || handled.current) return;
    handled.current = true;
    if (step === "refresh") connectNow();
    else refreshNow(undefined, { onSettled: () => onStepDone?.() });
  }, [step, connectNow, refreshNow, onStepDone]);

  if (overview.isPending || options.isPending) return <Loader aria-label={t("dashboard.payouts.loading")} />;
  if (overview.isError || options.isError)
    return (
      <Alert color="red" title={t("dashboard.payouts.loadFailed")} role="alert">
        {t("dashboard.payouts.loadFailedMessage")}
      </Alert>
    );
  const data = overview.data;
  const local = options.data.rail !== "stripe";
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={3} size="h4">
              {t("dashboard.payouts.title")}
            </Title>
            <Badge color={STATUS_COLOR[data.status]} variant="light">
              {t(`dashboard.payouts.status.${data.status}`)}
            </Badge>
          </Group>
          {!local && data.status !== "active" && (
            <Button onClick={() => connect.mutate()} loading={connect.isPending}>
              {t(data.status === "not_connected" ? "dashboard.payouts.connect" : "dashboard.payouts.continue")}
            </Button>
          )}
        </Group>
        {local && <LocalPayoutMethod options={options.data} />}
        {data.status !== "active" && (
          <Text size="sm" c="dimmed">
            {t("dashboard.payouts.connectHint")}
          </Text>
        )}
        {connect.isError && (
          <Alert color="red" role="alert">
            {connect.error.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <StatCard
            label={t("dashboard.payouts.onHold")}
            value={formatMoney(cents(data.pending))}
            note={t("dashboard.payouts.onHoldNote", { hours: data.holdHours })}
          />
          <StatCard
            label={t("dashboard.payouts.available")}
            value={formatMoney(cents(data.available))}
            note={t(data.status === "active" ? "dashboard.payouts.availableAuto" : "dashboard.payouts.availableLater")}
          />
          <StatCard
            label={t("dashboard.payouts.paidOut")}
            value={formatMoney(cents(data.paidOut))}
            note={t("dashboard.payouts.paidOutNote")}
          />
        </SimpleGrid>
        {data.localPayouts.length > 0 && <LocalPayoutsTable payouts={data.localPayouts} />}
        {data.payouts.length === 0 ? (
          data.localPayouts.length === 0 && <Text c="dimmed">{t("dashboard.payouts.none")}</Text>
        ) : (
          <ScrollTable minWidth={420} label={t("dashboard.payouts.history")}>
            <Table striped aria-label={t("dashboard.payouts.history")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("dashboard.payouts.date")}</Table.Th>
                  <Table.Th>{t("dashboard.payouts.sessions")}</Table.Th>
                  <Table.Th>{t("dashboard.payouts.amount")}</Table.Th>
                  <Table.Th>{t("dashboard.payouts.status")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.payouts.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDate(p.date)}</Table.Td>
                    <Table.Td>{p.sessions}</Table.Td>
                    <Table.Td>{formatMoney(cents(p.amount))}</Table.Td>
                    <Table.Td>{t(`dashboard.payouts.state.${p.status}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
