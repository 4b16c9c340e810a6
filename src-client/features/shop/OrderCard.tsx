import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import { RETURN_ADDRESS, RETURN_WINDOW_DAYS } from "../../../src/domain/shipping";
import { formatDate } from "../../lib/format";
import { useI18n, type Translate } from "../../lib/i18n";
import { ReturnDialog } from "./ReturnDialog";
import type { Order } from "./types";

const STATUS_COLOR: Record<string, string> = {
  paid: "forest",
  pending: "ochre",
  shipped: "blue",
  delivered: "forest",
  refunded: "gray",
};

const isStatus = (status: string): status is "paid" | "pending" | "shipped" | "delivered" | "refunded" =>
  status in STATUS_COLOR;

const RETURN_TEXT: Record<string, (t: Translate, note: string | null) => string> = {
  requested: (t) => t("orders.return.requested"),
  accepted: (t) => t("orders.return.accepted", { address: RETURN_ADDRESS }),
  declined: (t, note) => (note ? t("orders.return.declinedWhy", { reason: note }) : t("orders.return.declined")),
  received: (t) => t("orders.return.received"),
};

type Part = Order["parts"][number];

/** Whether the order's return takes back any of the part's lines (a return of the whole order takes them all). */
const returnTakes = (order: Order, part: Part) =>
  !!order.returnStatus && (!order.returnLines || order.returnLines.some((l) => part.productIds.includes(l.productId)));

/** A vendor's part of the order (issue #46): where its parcel is, and its return once delivered. */
function PartState({ order, part, shownAt, onReturn }: { order: Order; part: Part; shownAt: number; onReturn(): void }) {
  const { t } = useI18n();
  const s = part.shipment;
  const returnable =
    !order.returnStatus &&
    order.status !== "refunded" &&
    !!s?.deliveredAt &&
    shownAt - new Date(s.deliveredAt).getTime() <= RETURN_WINDOW_DAYS * 86_400_000;
  return (
    <Stack gap={2} data-testid="order-part">
      <Text size="sm" fw={600}>
        {t("orders.from", { business: part.businessName })}
      </Text>
      {order.returnStatus === "received" && returnTakes(order, part) ? (
        <Text size="sm" c="dimmed">
          {t("orders.returnedRefunded")}
        </Text>
      ) : s?.deliveredAt ? (
        <Text size="sm" c="dimmed">
          {t("orders.delivered", { date: formatDate(s.deliveredAt, "short") })}
        </Text>
      ) : s ? (
        <Text size="sm" c="dimmed">
          {t("orders.shipped", { date: formatDate(s.shippedAt, "short"), carrier: s.carrier, tracking: s.trackingNumber })}
          {s.trackingUrl && (
            <>
              {" "}
              <Anchor href={s.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
                {t("orders.track")}
              </Anchor>
            </>
          )}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t("orders.preparing")}
        </Text>
      )}
      {returnable && (
        <Button size="xs" variant="light" onClick={onReturn} w="fit-content">
          {t("orders.returnThese")}
        </Button>
      )}
    </Stack>
  );
}

/** One of a person's orders on /profile: its items, delivery, refunds and return, and each vendor's part. */
export function OrderCard({ order }: { order: Order }) {
  const { t } = useI18n();
  const status = {
    label: isStatus(order.status) ? t(`orders.status.${order.status}`) : order.status,
    color: STATUS_COLOR[order.status] ?? "gray",
  };
  const [returning, setReturning] = useState<Part | "order" | null>(null);
  // The moment the card was shown: the 7-day window is judged against it (and, finally, by the server).
  const [shownAt] = useState(() => Date.now());
  const returnable =
    order.status === "delivered" &&
    !order.returnStatus &&
    !!order.deliveredAt &&
    shownAt - new Date(order.deliveredAt).getTime() <= RETURN_WINDOW_DAYS * 86_400_000;
  return (
    <Card withBorder radius="md" padding="lg" component="li" data-testid="order">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} fz="h4">
              {t("orders.order", { number: order.orderNumber })}
            </Title>
            <Text size="sm" c="dimmed">
              {t("orders.placed", { date: formatDate(order.createdAt, "short") })}
            </Text>
          </div>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t("orders.items", { number: order.orderNumber })}
        >
          {order.items.map((item) => (
            <Group component="li" key={item.productId} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                {t("orders.item", { name: item.productName, quantity: item.quantity })}
              </Text>
              <Text size="sm">{formatMoney(item.price, order.currency)}</Text>
            </Group>
          ))}
        </Stack>
        {order.parts.map((part) => (
          <PartState key={part.vendorId} order={order} part={part} shownAt={shownAt} onReturn={() => setReturning(part)} />
        ))}
        <Group justify="space-between" pt="xs" style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
          <Stack gap={2}>
            {order.trackingNumber && (
              <Text size="sm" c="dimmed" data-testid="order-tracking">
                {t("orders.tracking", { tracking: [order.trackingCarrier, order.trackingNumber].filter(Boolean).join(" ") })}
                {order.trackingUrl && (
                  <>
                    {" "}
                    <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      {t("orders.track")}
                    </Anchor>
                  </>
                )}
              </Text>
            )}
            {order.deliveredAt && (
              <Text size="sm" c="dimmed">
                {t("orders.delivered", { date: formatDate(order.deliveredAt, "short") })}
              </Text>
            )}
            {order.status !== "refunded" && Number(order.refundedAmount) > 0 && (
              <Text size="sm" c="dimmed">
                {t("orders.refunded", { amount: formatMoney(order.refundedAmount, order.currency) })}
              </Text>
            )}
            {order.returnStatus && (
              <Text size="sm" data-testid="order-return">
                {RETURN_TEXT[order.returnStatus]?.(t, order.returnNote)}
              </Text>
            )}
            {returnable && (
              <Button size="xs" variant="light" onClick={() => setReturning("order")} w="fit-content">
                {t("orders.askReturn")}
              </Button>
            )}
          </Stack>
          <Text fw={700} data-testid="order-total">
            {t("orders.total", { amount: formatMoney(order.total, order.currency) })}
          </Text>
        </Group>
      </Stack>
      {returning && (
        <ReturnDialog
          order={order}
          part={returning === "order" ? null : returning}
          onClose={() => setReturning(null)}
        />
      )}
    </Card>
  );
}
