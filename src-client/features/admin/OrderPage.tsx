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
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { formatCount } from "./format";
import { ORDER_STATUS_COLOR, orderStatusLabel } from "./OrdersPanel";
import { RefundDialog } from "./RefundDialog";
import { ReturnPanel } from "./ReturnPanel";
import { ShipDialog } from "./ShipDialog";
import { VendorPartsPanel } from "./VendorPartsPanel";
import type { Order } from "./types";
import { ScrollTable } from "../../components/ScrollTable";

const HISTORY_KINDS = ["shipped", "delivered", "refund", "return_accepted", "return_declined", "return_received"] as const;
const historyKind = (kind: string) => HISTORY_KINDS.find((k) => k === kind);

/** When the order was placed and paid, and everything done to it since, with who did it. */
function OrderHistory({ order: o }: { order: Order }) {
  const { t } = useI18n();
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t("adminOrders.history.title")}
      </Title>
      <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        <Text component="li" size="sm">
          {t("adminOrders.history.ordered", { date: formatDate(o.createdAt, "long") })}
        </Text>
        {o.paidAt && (
          <Text component="li" size="sm">
            {t("adminOrders.history.paid", {
              date: formatDate(o.paidAt, "long"),
              amount: formatMoney(o.total),
              provider: o.paymentProvider,
            })}
          </Text>
        )}
        {o.history.map((h) => {
          const kind = historyKind(h.kind);
          return (
            <Text component="li" size="sm" key={h.id}>
              {formatDate(h.at, "long")}
              {t("adminOrders.history.colon")}
              {kind ? t(`adminOrders.history.${kind}`) : h.kind}
              {h.kind === "refund" && typeof h.data.amount === "string" ? ` ${formatMoney(h.data.amount)}` : ""}
              {h.kind === "shipped" && typeof h.data.trackingNumber === "string"
                ? ` (${String(h.data.carrier)} ${h.data.trackingNumber})`
                : ""}{" "}
              {t("adminOrders.history.by", { name: h.by })}
              {h.kind === "refund" && typeof h.data.reason === "string"
                ? `${t("adminOrders.history.colon")}${h.data.reason}`
                : ""}
              {h.kind.startsWith("return_") && typeof h.data.note === "string"
                ? `${t("adminOrders.history.colon")}${h.data.note}`
                : ""}
            </Text>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** /admin/orders/{id}: an order's lines, shipping, payment and history, and what an admin can do with it. */
export function OrderPage({ orderId }: { orderId: string }) {
  const order = trpc.orders.detail.useQuery({ orderId }, { retry: false });
  const utils = trpc.useUtils();
  const [dialog, setDialog] = useState<"ship" | "refund" | null>(null);
  const { t } = useI18n();
  const deliver = trpc.orders.deliver.useMutation({
    onSuccess: (next) => {
      utils.orders.detail.setData({ orderId }, next);
      void utils.orders.list.invalidate();
      notify({ title: t("adminOrders.delivered"), message: t("adminOrders.emailed") }, "success");
    },
  });
  if (order.isPending) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label={t("adminOrders.loadingOrder")} />
      </Container>
    );
  }
  if (order.isError) {
    return (
      <Container size="sm" py={80} ta="center">
        <Title order={1}>{t("adminOrders.notFound")}</Title>
        <Anchor renderRoot={(props) => <Link {...props} to="/admin" search={{ tab: "orders" }} />}>
          {t("adminOrders.backToOrders")}
        </Anchor>
      </Container>
    );
  }
  const o = order.data;
  const refundable = isPaidOrder(o.status);
  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <Anchor renderRoot={(props) => <Link {...props} to="/admin" search={{ tab: "orders" }} />} size="sm">
          {t("adminOrders.backLink")}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>{t("adminOrders.title", { number: o.orderNumber })}</Title>
            <Text c="dimmed">{t("adminOrders.placedOn", { date: formatDate(o.createdAt, "long") })}</Text>
          </div>
          <Badge size="lg" color={ORDER_STATUS_COLOR[o.status]} autoContrast>
            {orderStatusLabel(t, o.status)}
          </Badge>
        </Group>
        <Group gap="sm">
          {o.status === "paid" && <Button onClick={() => setDialog("ship")}>{t("adminOrders.markShipped")}</Button>}
          {o.status === "shipped" && (
            <Button loading={deliver.isPending} onClick={() => deliver.mutate({ orderId })}>
              {t("adminOrders.markDelivered")}
            </Button>
          )}
          {refundable && (
            <Button color="red" variant="light" onClick={() => setDialog("refund")}>
              {t("adminOrders.refund")}
            </Button>
          )}
        </Group>
        {deliver.error && <Alert color="red">{deliver.error.message}</Alert>}
        <ReturnPanel order={o} />
        <VendorPartsPanel order={o} />
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t("adminOrders.itemsTitle")}
          </Title>
          <ScrollTable minWidth={480} label={t("adminOrders.itemsTitle")}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("adminOrders.item")}</Table.Th>
                  <Table.Th>{t("adminOrders.quantity")}</Table.Th>
                  <Table.Th>{t("adminOrders.unitPrice")}</Table.Th>
                  <Table.Th>{t("adminOrders.refunded")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {o.lines.map((l) => (
                  <Table.Tr key={l.productId}>
                    <Table.Td>{l.productName}</Table.Td>
                    <Table.Td>{formatCount(l.quantity)}</Table.Td>
                    <Table.Td>{formatMoney(l.price)}</Table.Td>
                    <Table.Td>{formatCount(l.refundedQuantity)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Stack gap={2} mt="sm" align="flex-end">
            <Text size="sm">{t("adminOrders.subtotal", { amount: formatMoney(o.subtotal) })}</Text>
            <Text size="sm">{t(`adminOrders.shippingCost.${o.shippingMethod}`, { amount: formatMoney(o.shippingCost) })}</Text>
            <Text fw={700}>{t("adminOrders.totalAmount", { amount: formatMoney(o.total) })}</Text>
            {toCents(o.refundedAmount) > 0 && (
              <Text size="sm">{t("adminOrders.refundedAmount", { amount: formatMoney(o.refundedAmount) })}</Text>
            )}
          </Stack>
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb="sm">
              {t("adminOrders.shipping")}
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
                    {t("adminOrders.track")}
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
