import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { cents, formatMoney, multiplyCents, toCents } from "../../../src/domain/money";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Order } from "./types";

/** Refunds the whole order (what is left of it, with the shipping) or some of its items. */
export function RefundDialog({ order, onClose }: { order: Order; onClose(): void }) {
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
