import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { formatMoney, cents } from "../../../src/domain/money";
import type { PayoutState } from "../../../src/domain/payouts";
import type { PayoutStatus } from "../../../src/domain/enums";
import { StatCard } from "../../components/StatCard";
import { formatDate } from "../../lib/format";
import { trpc } from "../../trpc";
import { LocalPayoutMethod, LocalPayoutsTable } from "./LocalPayouts";

const STATUS_LABEL: Record<PayoutStatus, { label: string; color: string }> = {
  not_connected: { label: "Not connected", color: "gray" },
  details_needed: { label: "Details needed", color: "orange" },
  active: { label: "Active", color: "green" },
};
const PAYOUT_LABEL: Record<PayoutState, string> = { paid: "Paid", partly_reversed: "Partly reversed", reversed: "Reversed" };

/** Back from the provider's onboarding (`return`), or its link ran out (`refresh`): ?payouts= in the address. */
export type PayoutsStep = "return" | "refresh";

/**
 * docs/product.md#money-and-the-ledger, on the Earnings tab: the payout account and its state, the balances pending,
 * available and paid out, and the payout history.
 */
export function PayoutsCard({ step, onStepDone }: { step?: PayoutsStep | undefined; onStepDone?: () => void }) {
  const utils = trpc.useUtils();
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

  if (overview.isPending || options.isPending) return <Loader aria-label="Loading payouts" />;
  if (overview.isError || options.isError)
    return (
      <Alert color="red" title="Could not load your payouts" role="alert">
        Please try again later.
      </Alert>
    );
  const data = overview.data;
  const status = STATUS_LABEL[data.status];
  const local = options.data.rail !== "stripe";
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={3} size="h4">
              Payouts
            </Title>
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
          </Group>
          {!local && data.status !== "active" && (
            <Button onClick={() => connect.mutate()} loading={connect.isPending}>
              {data.status === "not_connected" ? "Connect payout account" : "Continue setup"}
            </Button>
          )}
        </Group>
        {local && <LocalPayoutMethod options={options.data} />}
        {data.status !== "active" && (
          <Text size="sm" c="dimmed">
            Connect a payout account to receive your earnings. Until then they are kept for you and paid as soon as the account is
            active.
          </Text>
        )}
        {connect.isError && (
          <Alert color="red" role="alert">
            {connect.error.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <StatCard
            label="On Hold"
            value={formatMoney(cents(data.pending))}
            note={`Held until ${data.holdHours} hours after each session`}
          />
          <StatCard
            label="Available"
            value={formatMoney(cents(data.available))}
            note={data.status === "active" ? "Paid out automatically" : "Paid once your payout account is active"}
          />
          <StatCard label="Paid Out" value={formatMoney(cents(data.paidOut))} note="Transferred to your account" />
        </SimpleGrid>
        {data.localPayouts.length > 0 && <LocalPayoutsTable payouts={data.localPayouts} />}
        {data.payouts.length === 0 ? (
          data.localPayouts.length === 0 && <Text c="dimmed">No payouts yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label="Payout history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Sessions</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.payouts.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDate(p.date)}</Table.Td>
                    <Table.Td>{p.sessions}</Table.Td>
                    <Table.Td>{formatMoney(cents(p.amount))}</Table.Td>
                    <Table.Td>{PAYOUT_LABEL[p.status]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
