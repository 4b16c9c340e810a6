import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { ShipForm } from "../admin/ShipDialog";

type VendorOrder = RouterOutputs["vendors"]["orders"][number];

function MarkShippedDialog({ order, onClose }: { order: VendorOrder; onClose(): void }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const ship = trpc.vendors.markShipped.useMutation({
    onSuccess: async () => {
      notify(
        {
          title: t("vendor.orders.markedShipped"),
          message: t("vendor.orders.markedShippedMessage", { orderNumber: order.orderNumber }),
        },
        "success",
      );
      onClose();
      await utils.vendors.orders.invalidate();
    },
  });
  return (
    <ShipForm
      title={t("vendor.orders.shipTitle", { orderNumber: order.orderNumber })}
      orderId={order.id}
      ship={ship}
      submitLabel={t("vendor.orders.markShipped")}
      onClose={onClose}
    />
  );
}

function OrderCard({ order, onShip }: { order: VendorOrder; onShip: () => void }) {
  const { t } = useI18n();
  const shippable = !order.shipment && (order.status === "paid" || order.status === "shipped" || order.status === "delivered");
  const state = order.shipment?.deliveredAt
    ? t("vendor.orders.deliveredState")
    : order.shipment
      ? t("vendor.orders.shippedState")
      : t("vendor.orders.toShip");
  return (
    <Card withBorder padding="lg" component="article" aria-label={t("vendor.orders.order", { orderNumber: order.orderNumber })}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4">
            {order.orderNumber}
          </Title>
          {order.paidAt && (
            <Text size="sm" c="dimmed">
              {t("vendor.orders.paid", { date: formatDate(order.paidAt, "short") })}
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
            {t("vendor.orders.line", { quantity: line.quantity, name: line.productName, price: formatMoney(line.price) })}
          </Text>
        ))}
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {t("vendor.orders.shipTo")}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {[order.shippingName, order.shippingPhone, order.shippingAddress, order.shippingCountry].filter(Boolean).join("\n")}
          </Text>
          <Text size="sm">{t(`vendor.orders.shipping.${order.shippingMethod}`)}</Text>
        </div>
        {order.shipment ? (
          <Text size="sm">
            {t("vendor.orders.shipped", {
              date: formatDate(order.shipment.shippedAt, "short"),
              carrier: order.shipment.carrier,
            })}{" "}
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
            <Button
              w="fit-content"
              onClick={onShip}
              aria-label={t("vendor.orders.markShippedOrder", { orderNumber: order.orderNumber })}
            >
              {t("vendor.orders.markShipped")}
            </Button>
          )
        )}
        {order.shipment?.deliveredAt && (
          <Text size="sm">{t("vendor.orders.delivered", { date: formatDate(order.shipment.deliveredAt, "short") })}</Text>
        )}
        {order.return && (
          <div data-testid="vendor-return">
            <Text size="xs" tt="uppercase" fw={600} c="dimmed">
              {t("vendor.orders.return")}
            </Text>
            <Text size="sm">
              {t("vendor.orders.returnLines", {
                state: t(`vendor.orders.return.${order.return.status}`),
                lines: order.return.lines
                  .map((l) => t("vendor.orders.returnLine", { quantity: l.quantity, name: l.productName }))
                  .join(", "),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {t("vendor.orders.returnReason", { reason: order.return.reason })}
            </Text>
          </div>
        )}
      </Stack>
    </Card>
  );
}

/** The paid orders holding the vendor's lines: only those lines, the buyer's shipping details and `Mark shipped`. */
export function OrdersTab() {
  const { t } = useI18n();
  const list = trpc.vendors.orders.useQuery();
  const [shipping, setShipping] = useState<string | null>(null);
  if (list.isPending) return <Loader aria-label={t("vendor.orders.loading")} />;
  if (list.isError) return <Text c="red">{t("vendor.orders.loadFailed")}</Text>;
  if (list.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t("vendor.orders.none")}
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
