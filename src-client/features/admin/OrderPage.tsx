import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { cents, formatMoney, multiplyCents, toCents } from "../../../src/domain/money";
import { CARRIERS, SHIPPING_LABEL, type Carrier } from "../../../src/domain/shipping";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { ORDER_STATUS_COLOR, ORDER_STATUS_LABEL } from "./OrdersPanel";

type Order = RouterOutputs["orders"]["detail"];

const HISTORY_LABEL: Record<string, string> = {
  shipped: "Shipped",
  delivered: "Delivered",
  refund: "Refunded",
  return_accepted: "Return accepted",
  return_declined: "Return declined",
  return_received: "Return received",
};

function ShipDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const utils = trpc.useUtils();
  const [carrier, setCarrier] = useState<Carrier>("DHL");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [trackingUrl, setTrackingUrl] = useState("");
  const ship = trpc.orders.ship.useMutation({
    onSuccess: (next) => {
      utils.orders.detail.setData({ orderId: order.id }, next);
      void utils.orders.list.invalidate();
      notify(
        { title: "Marked as shipped", message: `The shopper was e-mailed the tracking link for ${order.orderNumber}.` },
        "success",
      );
      onClose();
    },
  });
  const fieldErrors = ship.error?.data?.zodError?.fieldErrors as Record<string, string[] | undefined> | undefined;
  return (
    <Modal opened onClose={onClose} title={`Ship order ${order.orderNumber}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          ship.mutate({ orderId: order.id, carrier, trackingNumber, ...(carrier === "Other" ? { trackingUrl } : {}) });
        }}
      >
        <Stack gap="sm">
          <Select
            label="Carrier"
            data={[...CARRIERS]}
            value={carrier}
            onChange={(v) => v && setCarrier(v as Carrier)}
            allowDeselect={false}
          />
          <TextInput
            label="Tracking number"
            required
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.currentTarget.value)}
            error={fieldErrors?.trackingNumber?.[0]}
          />
          {carrier === "Other" && (
            <TextInput
              label="Tracking link"
              required
              placeholder="https://"
              value={trackingUrl}
              onChange={(e) => setTrackingUrl(e.currentTarget.value)}
              error={fieldErrors?.trackingUrl?.[0]}
            />
          )}
          {ship.error && !fieldErrors && <Alert color="red">{ship.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={ship.isPending}>
              Mark as shipped
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RefundDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const utils = trpc.useUtils();
  const [whole, setWhole] = useState(true);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState("");
  const refund = trpc.orders.refund.useMutation({
    onSuccess: (next) => {
      utils.orders.detail.setData({ orderId: order.id }, next);
      void utils.orders.list.invalidate();
      notify(
        { title: "Refund recorded", message: "The shopper was e-mailed; the card is refunded by the payment provider." },
        "success",
      );
      onClose();
    },
  });
  const left = order.lines.map((l) => ({ ...l, left: l.quantity - l.refundedQuantity }));
  const chosen = left.filter((l) => (quantities[l.productId] ?? 0) > 0);
  const amount = whole
    ? cents(toCents(order.total) - toCents(order.refundedAmount))
    : cents(chosen.reduce((sum, l) => sum + multiplyCents(toCents(l.price), quantities[l.productId] ?? 0), 0));
  return (
    <Modal opened onClose={onClose} title={`Refund order ${order.orderNumber}`} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate({
            orderId: order.id,
            reason,
            ...(whole ? {} : { lines: chosen.map((l) => ({ productId: l.productId, quantity: quantities[l.productId] ?? 0 })) }),
          });
        }}
      >
        <Stack gap="sm">
          <Select
            label="What to refund"
            data={[
              { value: "all", label: "Everything not yet refunded, with the shipping" },
              { value: "lines", label: "Some items" },
            ]}
            value={whole ? "all" : "lines"}
            onChange={(v) => setWhole(v !== "lines")}
            allowDeselect={false}
          />
          {!whole &&
            left.map((l) => (
              <NumberInput
                key={l.productId}
                label={`${l.productName} (${formatMoney(l.price)} each, ${l.left} refundable)`}
                min={0}
                max={l.left}
                disabled={l.left === 0}
                value={quantities[l.productId] ?? 0}
                onChange={(v) => setQuantities((q) => ({ ...q, [l.productId]: typeof v === "number" ? v : 0 }))}
              />
            ))}
          <Textarea label="Reason" required maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Text fw={600}>Refund: {formatMoney(amount)}, with the stock of the refunded items put back.</Text>
          {refund.error && <Alert color="red">{refund.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color="red" loading={refund.isPending} disabled={amount <= 0}>
              Refund {formatMoney(amount)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const RETURN_LABEL: Record<string, string> = {
  requested: "Requested",
  accepted: "Accepted: waiting for the parcel",
  declined: "Declined",
  received: "Received and refunded",
};

/** The shopper's return: reason and photos, then Accept, Decline (with a reason) or, once accepted, Received. */
function ReturnPanel({ order }: { order: Order }) {
  const utils = trpc.useUtils();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState("");
  const done = (next: Order, title: string) => {
    utils.orders.detail.setData({ orderId: order.id }, next);
    void utils.orders.list.invalidate();
    notify({ title, message: "The shopper was e-mailed." }, "success");
  };
  const decide = trpc.orders.decideReturn.useMutation({
    onSuccess: (next, input) => done(next, input.accept ? "Return accepted" : "Return declined"),
  });
  const receive = trpc.orders.receiveReturn.useMutation({ onSuccess: (next) => done(next, "Return received and refunded") });
  const r = order.return;
  if (!r) return null;
  const error = decide.error ?? receive.error;
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Return
        </Title>
        <Badge color={r.status === "declined" ? "gray.7" : "ochre.4"} autoContrast>
          {RETURN_LABEL[r.status] ?? r.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Asked {formatDate(r.createdAt, "long")}
      </Text>
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} my="xs">
        {r.reason}
      </Text>
      <Group gap="sm">
        {r.photoUrls.map((url, i) => (
          <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="sm">
            Photo {i + 1}
          </Anchor>
        ))}
      </Group>
      {r.decisionNote && (
        <Text size="sm" mt="xs">
          {r.status === "declined" ? "Declined" : "Note"}
          {r.decidedBy ? ` by ${r.decidedBy}` : ""}: {r.decisionNote}
        </Text>
      )}
      {r.status === "requested" && !declining && (
        <Group mt="sm" gap="sm">
          <Button loading={decide.isPending} onClick={() => decide.mutate({ orderId: order.id, accept: true })}>
            Accept return
          </Button>
          <Button variant="light" color="red" onClick={() => setDeclining(true)}>
            Decline return
          </Button>
        </Group>
      )}
      {r.status === "requested" && declining && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ orderId: order.id, accept: false, note });
          }}
        >
          <Stack gap="xs" mt="sm">
            <Textarea
              label="Why is it declined?"
              required
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group gap="sm">
              <Button type="submit" color="red" loading={decide.isPending}>
                Decline return
              </Button>
              <Button variant="default" onClick={() => setDeclining(false)}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {r.status === "accepted" && (
        <Button mt="sm" loading={receive.isPending} onClick={() => receive.mutate({ orderId: order.id })}>
          Mark return received and refund
        </Button>
      )}
      {error && (
        <Alert color="red" mt="sm">
          {error.message}
        </Alert>
      )}
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
  const refundable = ["paid", "shipped", "delivered"].includes(o.status);
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
        </SimpleGrid>
      </Stack>
      {dialog === "ship" && <ShipDialog order={o} onClose={() => setDialog(null)} />}
      {dialog === "refund" && <RefundDialog order={o} onClose={() => setDialog(null)} />}
    </Container>
  );
}
