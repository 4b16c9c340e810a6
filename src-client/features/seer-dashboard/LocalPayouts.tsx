import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { formatMinor } from "../../../src/domain/currencies";
import { cents, formatMoney } from "../../../src/domain/money";
import type { LocalPayoutStatus } from "../../../src/domain/payout-rails";
import { formatDate } from "../../lib/format";
import type { RouterOutputs } from "../../trpc";
import { PayoutDetailsForm, type PayoutOptions } from "./PayoutDetailsForm";

type LocalPayout = RouterOutputs["payouts"]["overview"]["localPayouts"][number];

const LOCAL_STATUS_LABEL: Record<LocalPayoutStatus, string> = {
  pending: "On its way",
  success: "Paid",
  failed: "Failed",
  reversed: "Reversed",
};

/** The payout details a local rail pays to (issue #40), with the button that connects or changes them. */
export function LocalPayoutMethod({ options }: { options: PayoutOptions }) {
  const [open, setOpen] = useState(false);
  const [now] = useState(() => Date.now());
  const method = options.method;
  return (
    <Stack gap="xs">
      {method ? (
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Text fw={600}>Paid to {method.label}</Text>
            {new Date(method.usableFrom).getTime() > now && (
              <Text size="sm" c="dimmed">
                Payouts go to these details from {formatDate(method.usableFrom)}.
              </Text>
            )}
          </Stack>
          <Button variant="light" onClick={() => setOpen(true)}>
            Change payout details
          </Button>
        </Group>
      ) : (
        <Group justify="flex-end">
          <Button onClick={() => setOpen(true)}>Connect payout account</Button>
        </Group>
      )}
      <PayoutDetailsForm options={options} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}

/** The Seer's payouts to mobile money or a local bank: what left the balance in dollars and what arrived locally. */
export function LocalPayoutsTable({ payouts }: { payouts: LocalPayout[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label="Local payouts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{formatDate(p.createdAt)}</Table.Td>
              <Table.Td>{formatMoney(cents(p.amount))}</Table.Td>
              <Table.Td>{formatMinor(p.localAmount, p.currency)}</Table.Td>
              <Table.Td>
                <Text size="sm">{LOCAL_STATUS_LABEL[p.status]}</Text>
                {(p.status === "failed" || p.status === "reversed") && p.message && (
                  <Text size="xs" c="red.8">
                    {p.message}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
