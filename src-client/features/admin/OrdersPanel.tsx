import { Alert, Badge, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ORDER_STATUSES, type OrderStatus } from "../../../src/domain/enums";
import { formatMoney } from "../../../src/domain/money";
import { ADMIN_ORDERS_PAGE_SIZE } from "../../../src/schemas/shop";
import { formatDate } from "../../lib/format";
import { trpc } from "../../trpc";

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: "Awaiting Payment",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};
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

  return (
    <Stack gap="md">
      {low.data && low.data.length > 0 && (
        <Alert color="orange" title="Low stock">
          {low.data.map((p) => `${p.name}: ${p.stockQuantity === 0 ? "out of stock" : `${p.stockQuantity} left`}`).join(" · ")}
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
            label="Search"
            placeholder="Order number or e-mail"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            miw={220}
            style={{ flex: 1 }}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={ORDER_STATUSES.filter((s) => s !== "pending").map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] }))}
            value={filters.status ?? null}
            onChange={(v) => set({ status: (v as OrderStatus | null) ?? undefined })}
            w={170}
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
        </Group>
      </form>
      {list.isPending ? (
        <Loader aria-label="Loading orders" />
      ) : list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">No orders match.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-label="Orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Placed</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Items</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Status</Table.Th>
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
                    <Table.Td>{o.itemCount}</Table.Td>
                    <Table.Td>{formatMoney(o.total)}</Table.Td>
                    <Table.Td>
                      <Badge color={ORDER_STATUS_COLOR[o.status]} autoContrast>
                        {ORDER_STATUS_LABEL[o.status]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.total > ADMIN_ORDERS_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(list.data.total / ADMIN_ORDERS_PAGE_SIZE)}
              value={list.data.page}
              onChange={(page) => onFilters({ ...filters, page })}
              aria-label="Pages of orders"
            />
          )}
        </>
      )}
    </Stack>
  );
}
