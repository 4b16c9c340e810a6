import { Alert, Badge, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ORDER_STATUSES, type OrderStatus } from "../../../src/domain/enums";
import { formatMoney } from "../../../src/domain/money";
import { ADMIN_ORDERS_PAGE_SIZE } from "../../../src/schemas/shop";
import { formatDate } from "../../lib/format";
import { useI18n, type Translate } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { formatCount } from "./format";
import { ScrollTable } from "../../components/ScrollTable";

/** An order's status as the console shows it. */
export const orderStatusLabel = (t: Translate, status: OrderStatus): string => t(`adminOrders.status.${status}`);
// Shades with 4.5:1 text contrast, as the other admin badges.
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  pending: "ochre.4",
  paid: "forest.9",
  shipped: "blue.8",
  delivered: "forest.9",
  cancelled: "gray.7",
  refunded: "gray.7",
};

/** The orders screen's filters, as the address keeps them. */
export interface OrderFilters {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

/** The admin's orders: filters and search in the address, newest first, 20 a page; each opens its own page. */
export function OrdersPanel({ filters, onFilters }: { filters: OrderFilters; onFilters(next: OrderFilters): void }) {
  const [search, setSearch] = useState(filters.q ?? "");
  const list = trpc.orders.list.useQuery({
    status: filters.status,
    search: filters.q,
    from: filters.from,
    to: filters.to,
    page: filters.page ?? 1,
  });
  const low = trpc.orders.lowStock.useQuery();
  const set = (patch: OrderFilters) => onFilters({ ...filters, ...patch, page: patch.page ?? 1 });
  const { t } = useI18n();

  return (
    <Stack gap="md">
      {low.data && low.data.length > 0 && (
        <Alert color="orange" title={t("adminOrders.lowStock")}>
          {low.data
            .map((p) =>
              p.stockQuantity === 0
                ? t("adminOrders.outOfStock", { name: p.name })
                : t("adminOrders.left", { name: p.name, count: p.stockQuantity }),
            )
            .join(" · ")}
        </Alert>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search.trim() || undefined });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t("adminOrders.search")}
            placeholder={t("adminOrders.searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            miw={220}
            style={{ flex: 1 }}
          />
          <Select
            label={t("adminOrders.statusFilter")}
            placeholder={t("adminOrders.allStatuses")}
            clearable
            data={ORDER_STATUSES.filter((s) => s !== "pending").map((s) => ({ value: s, label: orderStatusLabel(t, s) }))}
            value={filters.status ?? null}
            onChange={(v) => set({ status: (v as OrderStatus | null) ?? undefined })}
            w={170}
          />
          <TextInput
            label={t("adminOrders.from")}
            type="date"
            value={filters.from ?? ""}
            onChange={(e) => set({ from: e.currentTarget.value || undefined })}
            w={160}
          />
          <TextInput
            label={t("adminOrders.to")}
            type="date"
            value={filters.to ?? ""}
            onChange={(e) => set({ to: e.currentTarget.value || undefined })}
            w={160}
          />
          <Button type="submit">{t("adminOrders.search")}</Button>
        </Group>
      </form>
      {list.isPending ? (
        <Loader aria-label={t("adminOrders.loading")} />
      ) : list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{t("adminOrders.empty")}</Text>
      ) : (
        <>
          <ScrollTable minWidth={640} label={t("adminOrders.table")}>
            <Table striped highlightOnHover aria-label={t("adminOrders.table")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("adminOrders.order")}</Table.Th>
                  <Table.Th>{t("adminOrders.placed")}</Table.Th>
                  <Table.Th>{t("adminOrders.customer")}</Table.Th>
                  <Table.Th>{t("adminOrders.items")}</Table.Th>
                  <Table.Th>{t("adminOrders.total")}</Table.Th>
                  <Table.Th>{t("adminOrders.statusFilter")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Link to="/admin/orders/$orderId" params={{ orderId: o.id }}>
                        {o.orderNumber}
                      </Link>
                    </Table.Td>
                    <Table.Td>{formatDate(o.createdAt, "short")}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{o.shippingName}</Text>
                      <Text size="xs" c="dimmed">
                        {o.shippingEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatCount(o.itemCount)}</Table.Td>
                    <Table.Td>{formatMoney(o.total)}</Table.Td>
                    <Table.Td>
                      <Badge color={ORDER_STATUS_COLOR[o.status]} autoContrast>
                        {orderStatusLabel(t, o.status)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {list.data.total > ADMIN_ORDERS_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(list.data.total / ADMIN_ORDERS_PAGE_SIZE)}
              value={list.data.page}
              onChange={(page) => onFilters({ ...filters, page })}
              aria-label={t("adminOrders.pages")}
            />
          )}
        </>
      )}
    </Stack>
  );
}
