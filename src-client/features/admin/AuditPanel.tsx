import { Anchor, Button, Group, Loader, NativeSelect, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import {
  ADMIN_ACTION_LABELS,
  ADMIN_ACTIONS,
  AUDIT_PAGE_SIZE,
  summarizeChange,
  type AdminAction,
} from "../../../src/domain/audit";
import { trpc, type RouterOutputs } from "../../trpc";

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
const labelOf = (action: string): string => {
  const known = actionOf(action);
  return known ? ADMIN_ACTION_LABELS[known] : action;
};

/** When, to the minute, in the browser's timezone. */
const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

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
            label="Admin"
            placeholder="Part of an admin's e-mail"
            value={actor}
            onChange={(e) => setActor(e.currentTarget.value)}
            miw={200}
            style={{ flex: 1 }}
          />
          <NativeSelect
            label="Action"
            w={220}
            data={[{ value: ALL, label: "All" }, ...ADMIN_ACTIONS.map((a) => ({ value: a, label: ADMIN_ACTION_LABELS[a] }))]}
            value={filters.action ?? ALL}
            onChange={(e) => set({ action: actionOf(e.currentTarget.value) })}
          />
          <TextInput
            label="From"
            type="date"
            value={filters.from ?? ""}
            onChange={(e) => set({ from: e.currentTarget.value || undefined })}
            w={160}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.to ?? ""}
            onChange={(e) => set({ to: e.currentTarget.value || undefined })}
            w={160}
          />
          <Button type="submit">Search</Button>
          <Anchor href={exportHref(filters)} download py={6}>
            Export CSV
          </Anchor>
        </Group>
      </form>
      {!first || first.isPending ? (
        <Loader aria-label="Loading the audit log" />
      ) : first.isError ? (
        <Text c="red">{first.error.message}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No admin actions match.
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
          Load more
        </Button>
      )}
    </Stack>
  );
}

function AuditTable({ rows }: { rows: AuditRow[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Admin</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Record</Table.Th>
            <Table.Th>Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{moment.format(new Date(r.createdAt))}</Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>{r.actorEmail}</Table.Td>
              <Table.Td>{labelOf(r.action)}</Table.Td>
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
    </Table.ScrollContainer>
  );
}
