import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import { RETURN_ADDRESS, RETURN_WINDOW_DAYS } from "../../../src/domain/shipping";
import { formatDate } from "../../lib/format";
import { ReturnDialog } from "./ReturnDialog";
import type { Order } from "./types";

const orderStatus: Record<string, { label: string; color: string }> = {
  paid: { label: "Paid", color: "forest" },
  pending: { label: "Awaiting Payment", color: "ochre" },
  shipped: { label: "Shipped", color: "blue" },
  delivered: { label: "Delivered", color: "forest" },
  refunded: { label: "Refunded", color: "gray" },
};

const RETURN_TEXT: Record<string, (note: string | null) => string> = {
  requested: () => "Return requested: we will e-mail you our decision.",
  accepted: () => `Return accepted: please send the items to ${RETURN_ADDRESS}. We refund your card when they arrive.`,
  declined: (note) => `Return declined${note ? `: ${note}` : "."}`,
  received: () => "Return received and refunded.",
};

type Part = Order["parts"][number];

/** Whether the order's return takes back any of the part's lines (a return of the whole order takes them all). */
const returnTakes = (order: Order, part: Part) =>
  !!order.returnStatus && (!order.returnLines || order.returnLines.some((l) => part.productIds.includes(l.productId)));

/** A vendor's part of the order (issue #46): where its parcel is, and its return once delivered. */
function PartState({ order, part, shownAt, onReturn }: { order: Order; part: Part; shownAt: number; onReturn(): void }) {
  const s = part.shipment;
  const returnable =
    !order.returnStatus &&
    order.status !== "refunded" &&
    !!s?.deliveredAt &&
    shownAt - new Date(s.deliveredAt).getTime() <= RETURN_WINDOW_DAYS * 86_400_000;
  return (
    <Stack gap={2} data-testid="order-part">
      <Text size="sm" fw={600}>
        From {part.businessName}
      </Text>
      {order.returnStatus === "received" && returnTakes(order, part) ? (
        <Text size="sm" c="dimmed">
          Returned and refunded
        </Text>
      ) : s?.deliveredAt ? (
        <Text size="sm" c="dimmed">
          Delivered {formatDate(s.deliveredAt, "short")}
        </Text>
      ) : s ? (
        <Text size="sm" c="dimmed">
          Shipped {formatDate(s.shippedAt, "short")} with {s.carrier}, {s.trackingNumber}
          {s.trackingUrl && (
            <>
              {" "}
              <Anchor href={s.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
                Track parcel
              </Anchor>
            </>
          )}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Preparing to ship
        </Text>
      )}
      {returnable && (
        <Button size="xs" variant="light" onClick={onReturn} w="fit-content">
          Return these items
        </Button>
      )}
    </Stack>
  );
}

/** One of a person's orders on /profile: its items, delivery, refunds and return, and each vendor's part. */
export function OrderCard({ order }: { order: Order }) {
  const status = orderStatus[order.status] ?? { label: order.status, color: "gray" };
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
              Order {order.orderNumber}
            </Title>
            <Text size="sm" c="dimmed">
              Placed {formatDate(order.createdAt, "short")}
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
          aria-label={`Items in order ${order.orderNumber}`}
        >
          {order.items.map((item) => (
            <Group component="li" key={item.productId} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                {item.productName} x {item.quantity}
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
                Tracking: {[order.trackingCarrier, order.trackingNumber].filter(Boolean).join(" ")}
                {order.trackingUrl && (
                  <>
                    {" "}
                    <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      Track parcel
                    </Anchor>
                  </>
                )}
              </Text>
            )}
            {order.deliveredAt && (
              <Text size="sm" c="dimmed">
                Delivered {formatDate(order.deliveredAt, "short")}
              </Text>
            )}
            {order.status !== "refunded" && Number(order.refundedAmount) > 0 && (
              <Text size="sm" c="dimmed">
                Refunded {formatMoney(order.refundedAmount, order.currency)}
              </Text>
            )}
            {order.returnStatus && (
              <Text size="sm" data-testid="order-return">
                {RETURN_TEXT[order.returnStatus]?.(order.returnNote)}
              </Text>
            )}
            {returnable && (
              <Button size="xs" variant="light" onClick={() => setReturning("order")} w="fit-content">
                Ask for a return
              </Button>
            )}
          </Stack>
          <Text fw={700} data-testid="order-total">
            Total {formatMoney(order.total, order.currency)}
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
