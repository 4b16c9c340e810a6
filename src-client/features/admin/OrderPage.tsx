import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatMoney, toCents } from "../../../src/domain/money";
import { isPaidOrder } from "../../../src/domain/orders";
import { SHIPPING_LABEL } from "../../../src/domain/shipping";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { ORDER_STATUS_COLOR, ORDER_STATUS_LABEL } from "./OrdersPanel";
import { RefundDialog } from "./RefundDialog";
import { ReturnPanel } from "./ReturnPanel";
import { ShipDialog } from "./ShipDialog";
import { VendorPartsPanel } from "./VendorPartsPanel";
import type { Order } from "./types";

const HISTORY_LABEL: Record<string, string> = {
  shipped: "Shipped",
  delivered: "Delivered",
  refund: "Refunded",
  return_accepted: "Return accepted",
  return_declined: "Return declined",
  return_received: "Return received",
};

/** When the order was placed and paid, and everything done to it since, with who did it. */
function OrderHistory({ order: o }: { order: Order }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        Payment and history
      </Title>
      <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        <Text component="li" size="sm">
          {formatDate(o.createdAt, "long")}: ordered
        </Text>
        {o.paidAt && (
          <Text component="li" size="sm">
            {formatDate(o.paidAt, "long")}: paid {formatMoney(o.total)} by card ({o.paymentProvider})
          </Text>
        )}
        {o.history.map((h) => (
          <Text component="li" size="sm" key={h.id}>
            {formatDate(h.at, "long")}: {HISTORY_LABEL[h.kind] ?? h.kind}
            {h.kind === "refund" && typeof h.data.amount === "string" ? ` ${formatMoney(h.data.amount)}` : ""}
            {h.kind === "shipped" && typeof h.data.trackingNumber === "string"
              ? ` (${String(h.data.carrier)} ${h.data.trackingNumber})`
              : ""}{" "}
            by {h.by}
            {h.kind === "refund" && typeof h.data.reason === "string" ? `: ${h.data.reason}` : ""}
            {h.kind.startsWith("return_") && typeof h.data.note === "string" ? `: ${h.data.note}` : ""}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** /admin/orders/{id}: an order's lines, shipping, payment and history, and what an admin can do with it. */
export function OrderPage({ orderId }: { orderId: string }) {
  const order = trpc.orders.detail.useQuery({ orderId }, { retry: false });
  const utils = trpc.useUtils();
  const [dialog, setDialog] = useState<"ship" | "refund" | null>(null);
  const deliver = trpc.orders.deliver.useMutation({
    onSuccess: (next) => {
      utils.orders.detail.setData({ orderId }, next);
      void utils.orders.list.invalidate();
      notify({ title: "Marked as delivered", message: "The shopper was e-mailed." }, "success");
    },
  });
  if (order.isPending) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label="Loading order" />
      </Container>
    );
  }
  if (order.isError) {
    return (
      <Container size="sm" py={80} ta="center">
        <Title order={1}>Order not found</Title>
        <Anchor renderRoot={(props) => <Link {...props} to="/admin" search={{ tab: "orders" }} />}>Back to orders</Anchor>
      </Container>
    );
  }
  const o = order.data;
  const refundable = isPaidOrder(o.status);
  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <Anchor renderRoot={(props) => <Link {...props} to="/admin" search={{ tab: "orders" }} />} size="sm">
          ← Orders
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Order {o.orderNumber}</Title>
            <Text c="dimmed">Placed {formatDate(o.createdAt, "long")}</Text>
          </div>
          <Badge size="lg" color={ORDER_STATUS_COLOR[o.status]} autoContrast>
            {ORDER_STATUS_LABEL[o.status]}
          </Badge>
        </Group>
        <Group gap="sm">
          {o.status === "paid" && <Button onClick={() => setDialog("ship")}>Mark as shipped</Button>}
          {o.status === "shipped" && (
            <Button loading={deliver.isPending} onClick={() => deliver.mutate({ orderId })}>
              Mark as delivered
            </Button>
          )}
          {refundable && (
            <Button color="red" variant="light" onClick={() => setDialog("refund")}>
              Refund
            </Button>
          )}
        </Group>
        {deliver.error && <Alert color="red">{deliver.error.message}</Alert>}
        <ReturnPanel order={o} />
        <VendorPartsPanel order={o} />
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Items
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Unit price</Table.Th>
                  <Table.Th>Refunded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {o.lines.map((l) => (
                  <Table.Tr key={l.productId}>
                    <Table.Td>{l.productName}</Table.Td>
                    <Table.Td>{l.quantity}</Table.Td>
                    <Table.Td>{formatMoney(l.price)}</Table.Td>
                    <Table.Td>{l.refundedQuantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={2} mt="sm" align="flex-end">
            <Text size="sm">Subtotal {formatMoney(o.subtotal)}</Text>
            <Text size="sm">
              {SHIPPING_LABEL[o.shippingMethod]}: {formatMoney(o.shippingCost)}
            </Text>
            <Text fw={700}>Total {formatMoney(o.total)}</Text>
            {toCents(o.refundedAmount) > 0 && <Text size="sm">Refunded {formatMoney(o.refundedAmount)}</Text>}
          </Stack>
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb="sm">
              Shipping
            </Title>
            <Text>{o.shippingName}</Text>
            <Text style={{ whiteSpace: "pre-line" }}>{o.shippingAddress}</Text>
            <Text size="sm">{o.shippingPhone}</Text>
            <Text size="sm">{o.shippingEmail}</Text>
            {o.trackingNumber && (
              <Text size="sm" mt="xs">
                {o.trackingCarrier} {o.trackingNumber}{" "}
                {o.trackingUrl && (
                  <Anchor href={o.trackingUrl} target="_blank" rel="noopener noreferrer">
                    Track parcel
                  </Anchor>
                )}
              </Text>
            )}
          </Paper>
          <OrderHistory order={o} />
        </SimpleGrid>
      </Stack>
      {dialog === "ship" && <ShipDialog order={o} onClose={() => setDialog(null)} />}
      {dialog === "refund" && <RefundDialog order={o} onClose={() => setDialog(null)} />}
    </Container>
  );
}
