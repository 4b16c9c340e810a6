import { Anchor, Button, Group, Loader, NativeSelect, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ADMIN_ACTIONS, AUDIT_PAGE_SIZE, summarizeChange, type AdminAction } from "../../../src/domain/audit";
import { intlLocale } from "../../../src/i18n/format-locale";
import { useI18n, type Translate } from "../../lib/i18n";
import { trpc, type RouterOutputs } from "../../trpc";
import { ScrollTable } from "../../components/ScrollTable";

type AuditRow = RouterOutputs["admin"]["auditLog"][number];
type Cursor = { createdAt: Date; id: string };

interface AuditFilters {
  actor?: string | undefined;
  action?: AdminAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const ALL = "all";
const actionOf = (value: string): AdminAction | undefined => ADMIN_ACTIONS.find((a) => a === value);
/** An action's name in the page's language (the CSV export keeps the English ADMIN_ACTION_LABELS). */
const labelOf = (t: Translate, action: string): string => {
  const known = actionOf(action);
  return known ? t(`adminOps.action.${known}`) : action;
};

/** When, to the minute, in the browser's timezone and the page's language. */
const moments = new Map<string, Intl.DateTimeFormat>();
function moment(at: Date): string {
  const locale = intlLocale();
  let format = moments.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    moments.set(locale, format);
  }
  return format.format(at);
}

/** The CSV export's address: the same filters as the screen (docs/product.md#api). */
function exportHref(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (typeof value === "string" && value) params.set(key, value);
  const query = params.toString();
  return `/api/admin/audit.csv${query ? `?${query}` : ""}`;
}

/**
 * The admin audit log (issue #47): every admin action, newest first, 50 at a time, filtered by the admin's e-mail, the
 * action and the days (UTC); Export CSV downloads the same rows. Nothing here changes a row: the log is append-only.
 */
export function AuditPanel() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [actor, setActor] = useState("");
  // The last row of each page shown so far: the first page has none.
  const [cursors, setCursors] = useState<Cursor[]>([]);
  const pages = trpc.useQueries((t) => [undefined, ...cursors].map((before) => t.admin.auditLog({ ...filters, before })));
  const set = (patch: AuditFilters) => {
    setFilters({ ...filters, ...patch });
    setCursors([]);
  };
  const first = pages[0];
  const rows = pages.flatMap((p) => p.data ?? []);
  const lastPage = pages[pages.length - 1];
  const last = rows[rows.length - 1];
  const more = lastPage?.data?.length === AUDIT_PAGE_SIZE && last;
  const { t } = useI18n();

  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set({ actor: actor.trim() || undefined });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t("adminOps.audit.admin")}
            placeholder={t("adminOps.audit.adminPlaceholder")}
            value={actor}
            onChange={(e) => setActor(e.currentTarget.value)}
            miw={200}
            style={{ flex: 1 }}
          />
          <NativeSelect
            label={t("adminOps.audit.action")}
            w={220}
            data={[{ value: ALL, label: t("adminOps.all") }, ...ADMIN_ACTIONS.map((a) => ({ value: a, label: labelOf(t, a) }))]}
            value={filters.action ?? ALL}
            onChange={(e) => set({ action: actionOf(e.currentTarget.value) })}
          />
          <TextInput
            label={t("adminOps.audit.from")}
            type="date"
            value={filters.from ?? ""}
            onChange={(e) => set({ from: e.currentTarget.value || undefined })}
            w={160}
          />
          <TextInput
            label={t("adminOps.audit.to")}
            type="date"
            value={filters.to ?? ""}
            onChange={(e) => set({ to: e.currentTarget.value || undefined })}
            w={160}
          />
          <Button type="submit">{t("adminOps.audit.search")}</Button>
          <Anchor href={exportHref(filters)} download py={6}>
            {t("adminOps.audit.export")}
          </Anchor>
        </Group>
      </form>
      {!first || first.isPending ? (
        <Loader aria-label={t("adminOps.audit.loading")} />
      ) : first.isError ? (
        <Text c="red">{first.error.message}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("adminOps.audit.empty")}
        </Text>
      ) : (
        <AuditTable rows={rows} />
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

function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useI18n();
  return (
    <ScrollTable minWidth={860} label={t("adminOps.audit.table")}>
      <Table striped highlightOnHover aria-label={t("adminOps.audit.table")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("adminOps.audit.when")}</Table.Th>
            <Table.Th>{t("adminOps.audit.admin")}</Table.Th>
            <Table.Th>{t("adminOps.audit.action")}</Table.Th>
            <Table.Th>{t("adminOps.audit.record")}</Table.Th>
            <Table.Th>{t("adminOps.audit.change")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{moment(new Date(r.createdAt))}</Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>{r.actorEmail}</Table.Td>
              <Table.Td>{labelOf(t, r.action)}</Table.Td>
              <Table.Td>
                <Text size="sm">{r.targetKind}</Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
                  {r.targetId}
                </Text>
              </Table.Td>
              <Table.Td style={{ wordBreak: "break-word" }}>{summarizeChange(r.change)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
