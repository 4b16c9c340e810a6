import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import { SHIPPING_LABEL } from "../../../src/domain/shipping";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { ShipForm } from "../admin/ShipDialog";

type VendorOrder = RouterOutputs["vendors"]["orders"][number];

function MarkShippedDialog({ order, onClose }: { order: VendorOrder; onClose(): void }) {
  const utils = trpc.useUtils();
  const ship = trpc.vendors.markShipped.useMutation({
    onSuccess: async () => {
      notify(
        { title: "Marked as shipped", message: `The shopper was e-mailed the tracking link for ${order.orderNumber}.` },
        "success",
      );
      onClose();
      await utils.vendors.orders.invalidate();
    },
  });
  return (
    <ShipForm
      title={`Ship your part of ${order.orderNumber}`}
      orderId={order.id}
      ship={ship}
      submitLabel="Mark shipped"
      onClose={onClose}
    />
  );
}

/** A return of the vendor's items as the admins decide it (docs/product.md#vendor). */
const RETURN_STATE: Record<string, string> = {
  requested: "Asked for",
  accepted: "Accepted, on its way back",
  declined: "Declined",
  received: "Received and refunded",
};

function OrderCard({ order, onShip }: { order: VendorOrder; onShip: () => void }) {
  const shippable = !order.shipment && (order.status === "paid" || order.status === "shipped" || order.status === "delivered");
  const state = order.shipment?.deliveredAt ? "Delivered" : order.shipment ? "Shipped" : "To ship";
  return (
    <Card withBorder padding="lg" component="article" aria-label={`Order ${order.orderNumber}`}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4">
            {order.orderNumber}
          </Title>
          {order.paidAt && (
            <Text size="sm" c="dimmed">
              Paid {formatDate(order.paidAt, "short")}
            </Text>
          )}
        </div>
        <Badge color={order.shipment ? "forest.9" : "ochre.4"} autoContrast>
          {state}
        </Badge>
      </Group>
      <Stack gap="xs">
        {order.lines.map((line) => (
          <Text key={line.productId} size="sm">
            {line.quantity} x {line.productName} ({formatMoney(line.price)} each)
          </Text>
        ))}
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Ship to
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {[order.shippingName, order.shippingPhone, order.shippingAddress, order.shippingCountry].filter(Boolean).join("\n")}
          </Text>
          <Text size="sm">{SHIPPING_LABEL[order.shippingMethod]}</Text>
        </div>
        {order.shipment ? (
          <Text size="sm">
            Shipped {formatDate(order.shipment.shippedAt, "short")} with {order.shipment.carrier},{" "}
            {order.shipment.trackingUrl ? (
              <Anchor href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                {order.shipment.trackingNumber}
              </Anchor>
            ) : (
              order.shipment.trackingNumber
            )}
          </Text>
        ) : (
          shippable && (
            <Button w="fit-content" onClick={onShip} aria-label={`Mark shipped: ${order.orderNumber}`}>
              Mark shipped
            </Button>
          )
        )}
        {order.shipment?.deliveredAt && <Text size="sm">Delivered {formatDate(order.shipment.deliveredAt, "short")}</Text>}
        {order.return && (
          <div data-testid="vendor-return">
            <Text size="xs" tt="uppercase" fw={600} c="dimmed">
              Return
            </Text>
            <Text size="sm">
              {RETURN_STATE[order.return.status]}:{" "}
              {order.return.lines.map((l) => `${l.quantity} x ${l.productName}`).join(", ")}
            </Text>
            <Text size="sm" c="dimmed">
              Reason: {order.return.reason}
            </Text>
          </div>
        )}
      </Stack>
    </Card>
  );
}

/** The paid orders holding the vendor's lines: only those lines, the buyer's shipping details and `Mark shipped`. */
export function OrdersTab() {
  const list = trpc.vendors.orders.useQuery();
  const [shipping, setShipping] = useState<string | null>(null);
  if (list.isPending) return <Loader aria-label="Loading your orders" />;
  if (list.isError) return <Text c="red">Failed to load your orders.</Text>;
  if (list.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No orders yet
      </Text>
    );
  const target = list.data.find((o) => o.id === shipping);
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {list.data.map((order) => (
          <OrderCard key={order.id} order={order} onShip={() => setShipping(order.id)} />
        ))}
      </SimpleGrid>
      {target && <MarkShippedDialog order={target} onClose={() => setShipping(null)} />}
    </>
  );
}
