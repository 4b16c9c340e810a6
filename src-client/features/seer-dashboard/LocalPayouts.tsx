import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { formatMinor } from "../../../src/domain/currencies";
import { cents, formatMoney } from "../../../src/domain/money";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import type { RouterOutputs } from "../../trpc";
import { PayoutDetailsForm, type PayoutOptions } from "./PayoutDetailsForm";
import { ScrollTable } from "../../components/ScrollTable";

type LocalPayout = RouterOutputs["payouts"]["overview"]["localPayouts"][number];

/** The payout details a local rail pays to (issue #40), with the button that connects or changes them. */
export function LocalPayoutMethod({ options }: { options: PayoutOptions }) {
  const [open, setOpen] = useState(false);
  const { t } = useI18n();
  const [now] = useState(() => Date.now());
  const method = options.method;
  return (
    <Stack gap="xs">
      {method ? (
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Text fw={600}>{t("dashboard.payouts.paidTo", { label: method.label })}</Text>
            {new Date(method.usableFrom).getTime() > now && (
              <Text size="sm" c="dimmed">
                {t("dashboard.payouts.usableFrom", { date: formatDate(method.usableFrom) })}
              </Text>
            )}
          </Stack>
          <Button variant="light" onClick={() => setOpen(true)}>
            {t("dashboard.payouts.change")}
          </Button>
        </Group>
      ) : (
        <Group justify="flex-end">
          <Button onClick={() => setOpen(true)}>{t("dashboard.payouts.connect")}</Button>
        </Group>
      )}
      <PayoutDetailsForm options={options} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}

/** The Seer's payouts to mobile money or a local bank: what left the balance in dollars and what arrived locally. */
export function LocalPayoutsTable({ payouts }: { payouts: LocalPayout[] }) {
  const { t } = useI18n();
  return (
    <ScrollTable minWidth={480} label={t("dashboard.payouts.localTable")}>
      <Table striped aria-label={t("dashboard.payouts.localTable")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("dashboard.payouts.date")}</Table.Th>
            <Table.Th>{t("dashboard.payouts.amount")}</Table.Th>
            <Table.Th>{t("dashboard.payouts.received")}</Table.Th>
            <Table.Th>{t("dashboard.payouts.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{formatDate(p.createdAt)}</Table.Td>
              <Table.Td>{formatMoney(cents(p.amount))}</Table.Td>
              <Table.Td>{formatMinor(p.localAmount, p.currency)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`dashboard.payouts.local.${p.status}`)}</Text>
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
    </ScrollTable>
  );
}
