import { Badge, Button, Group, Loader, NativeSelect, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { formatMinor } from "../../../src/domain/currencies";
import { cents, formatMoney } from "../../../src/domain/money";
import {
  LOCAL_PAYOUT_STATUSES,
  LOCAL_RAILS,
  MAX_PAYOUT_ATTEMPTS,
  type LocalPayoutStatus,
  type LocalRailName,
} from "../../../src/domain/payout-rails";
import { formatDate } from "../../lib/format";
import { notifyActionError } from "../../lib/actionError";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { formatCount } from "./format";
import { trpc, type RouterOutputs } from "../../trpc";
import { ScrollTable } from "../../components/ScrollTable";

type AdminPayout = RouterOutputs["payouts"]["list"][number];
type Cursor = { createdAt: Date; id: string };

/**
 * A payout an admin may retry: failed or sent back (once), or left pending after its attempts could not reach the
 * provider (asked again with the same reference).
 */
const retriable = (p: { status: string; retriedAt: Date | null; attempts: number }) =>
  ((p.status === "failed" || p.status === "reversed") && p.retriedAt === null) ||
  (p.status === "pending" && p.attempts >= MAX_PAYOUT_ATTEMPTS);

/** The server's page size: a full page may have more after it. */
const PAGE_SIZE = 50;
const COUNTRIES = ["GH", "NG", "KE", "ZA", "CI", "SN", "BJ", "BF", "ML", "NE", "TG", "GW", "CM", "GA", "CG", "TD", "CF", "GQ"];

// Shades with 4.5:1 text contrast, as the other admin badges.
const STATE_COLOR: Record<LocalPayoutStatus, string> = {
  pending: "ochre.4",
  success: "forest.9",
  failed: "red.9",
  reversed: "gray.7",
};
const RAIL_LABEL: Record<LocalRailName, string> = { paystack: "Paystack", flutterwave: "Flutterwave" };

interface PayoutFilters {
  status?: LocalPayoutStatus | undefined;
  rail?: LocalRailName | undefined;
  country?: string | undefined;
}

const ALL = "all";
const oneOf = <T extends string>(value: string | null, values: readonly T[]): T | undefined => values.find((v) => v === value);

/**
 * The admins' local payouts (issue #40): every transfer to mobile money or a local bank, newest first, filtered by
 * state, rail and country, 50 at a time; a failed or reversed one may be retried once.
 */
export function PayoutsPanel() {
  const [filters, setFilters] = useState<PayoutFilters>({});
  // The last row of each page shown so far: the first page has none.
  const [cursors, setCursors] = useState<Cursor[]>([]);
  const pages = trpc.useQueries((t) => [undefined, ...cursors].map((before) => t.payouts.list({ ...filters, before })));
  const set = (patch: PayoutFilters) => {
    setFilters({ ...filters, ...patch });
    setCursors([]);
  };
  const first = pages[0];
  const rows = pages.flatMap((p) => p.data ?? []);
  const lastPage = pages[pages.length - 1];
  const last = rows[rows.length - 1];
  const more = lastPage?.data?.length === PAGE_SIZE && last;
  const { t } = useI18n();
  const all = { value: ALL, label: t("adminOps.all") };

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t("adminOps.payouts.state")}
          w={160}
          data={[all, ...LOCAL_PAYOUT_STATUSES.map((s) => ({ value: s, label: t(`adminOps.payout.${s}`) }))]}
          value={filters.status ?? ALL}
          onChange={(e) => set({ status: oneOf(e.currentTarget.value, LOCAL_PAYOUT_STATUSES) })}
        />
        <NativeSelect
          label={t("adminOps.payouts.rail")}
          w={160}
          data={[all, { value: "paystack", label: "Paystack" }, { value: "flutterwave", label: "Flutterwave" }]}
          value={filters.rail ?? ALL}
          onChange={(e) => set({ rail: oneOf(e.currentTarget.value, LOCAL_RAILS) })}
        />
        <NativeSelect
          label={t("adminOps.payouts.country")}
          w={120}
          data={[all, ...COUNTRIES]}
          value={filters.country ?? ALL}
          onChange={(e) => set({ country: oneOf(e.currentTarget.value, COUNTRIES) })}
        />
      </Group>
      {!first || first.isPending ? (
        <Loader aria-label={t("adminOps.payouts.loading")} />
      ) : first.isError ? (
        <Text c="red">{t("adminOps.payouts.failed")}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("adminOps.payouts.empty")}
        </Text>
      ) : (
        <PayoutsTable rows={rows} />
      )}
      {more && (
        <Button
          variant="light"
          w="fit-content"
          loading={lastPage.isFetching}
          onClick={() => setCursors([...cursors, { createdAt: last.createdAt, id: last.id }])}
        >
          {t("adminOps.loadMore")}
        </Button>
      )}
    </Stack>
  );
}

const HEADERS = [
  "adminOps.payouts.date",
  "adminOps.payouts.seer",
  "adminOps.payouts.destination",
  "adminOps.payouts.rail",
  "adminOps.payouts.amount",
  "adminOps.payouts.received",
  "adminOps.payouts.fee",
  "adminOps.payouts.status",
  "adminOps.payouts.reference",
  "adminOps.payouts.message",
  "adminOps.payouts.attempts",
] as const;

function PayoutsTable({ rows }: { rows: AdminPayout[] }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const retry = trpc.payouts.retry.useMutation({
    onSuccess: ({ retried }) => {
      if (retried) notify({ title: t("adminOps.payouts.retried"), message: t("adminOps.payouts.retriedText") }, "success");
      else notify({ title: t("adminOps.payouts.notRetried"), message: t("adminOps.payouts.notRetriedText") });
    },
    onError: notifyActionError,
    onSettled: () => void utils.payouts.list.invalidate(),
  });
  return (
    <ScrollTable minWidth={1280} label={t("adminOps.payouts.table")}>
      <Table striped highlightOnHover aria-label={t("adminOps.payouts.table")}>
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((h) => (
              <Table.Th key={h}>{t(h)}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t("adminOps.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{formatDate(p.createdAt, "short")}</Table.Td>
              <Table.Td>{p.seerName}</Table.Td>
              <Table.Td>{p.destination}</Table.Td>
              <Table.Td>{RAIL_LABEL[p.rail]}</Table.Td>
              <Table.Td>{formatMoney(cents(p.amount))}</Table.Td>
              <Table.Td>{formatMinor(p.localAmount, p.currency)}</Table.Td>
              <Table.Td>{p.fee === null ? "—" : formatMinor(p.fee, p.currency)}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOR[p.status]} autoContrast style={{ overflow: "visible" }} miw="max-content">
                  {t(`adminOps.payout.${p.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>{p.providerId ?? "—"}</Table.Td>
              <Table.Td>{p.message ?? ""}</Table.Td>
              <Table.Td>{formatCount(p.attempts)}</Table.Td>
              <Table.Td>
                {retriable(p) && (
                  <Button
                    size="xs"
                    variant="light"
                    loading={retry.isPending && retry.variables.payoutId === p.id}
                    disabled={retry.isPending}
                    onClick={() => retry.mutate({ payoutId: p.id })}
                  >
                    {t("adminOps.payouts.retry")}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
