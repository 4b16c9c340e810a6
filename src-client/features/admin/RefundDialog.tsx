import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { cents, formatMoney, multiplyCents, toCents } from "../../../src/domain/money";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Order } from "./types";

/** Refunds the whole order (what is left of it, with the shipping) or some of its items. */
export function RefundDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [whole, setWhole] = useState(true);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState("");
  const refund = trpc.orders.refund.useMutation({
    onSuccess: (next) => {
      utils.orders.detail.setData({ orderId: order.id }, next);
      void utils.orders.list.invalidate();
      notify({ title: t("adminOrders.refund.done"), message: t("adminOrders.refund.doneText") }, "success");
      onClose();
    },
  });
  const left = order.lines.map((l) => ({ ...l, left: l.quantity - l.refundedQuantity }));
  const chosen = left.filter((l) => (quantities[l.productId] ?? 0) > 0);
  const amount = whole
    ? cents(toCents(order.total) - toCents(order.refundedAmount))
    : cents(chosen.reduce((sum, l) => sum + multiplyCents(toCents(l.price), quantities[l.productId] ?? 0), 0));
  return (
    <Modal opened onClose={onClose} title={t("adminOrders.refund.title", { number: order.orderNumber })} size="lg">
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
            label={t("adminOrders.refund.what")}
            data={[
              { value: "all", label: t("adminOrders.refund.all") },
              { value: "lines", label: t("adminOrders.refund.lines") },
            ]}
            value={whole ? "all" : "lines"}
            onChange={(v) => setWhole(v !== "lines")}
            allowDeselect={false}
          />
          {!whole &&
            left.map((l) => (
              <NumberInput
                key={l.productId}
                label={t("adminOrders.refund.line", { name: l.productName, price: formatMoney(l.price), count: l.left })}
                min={0}
                max={l.left}
                disabled={l.left === 0}
                value={quantities[l.productId] ?? 0}
                onChange={(v) => setQuantities((q) => ({ ...q, [l.productId]: typeof v === "number" ? v : 0 }))}
              />
            ))}
          <Textarea
            label={t("adminOrders.refund.reason")}
            required
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Text fw={600}>{t("adminOrders.refund.summary", { amount: formatMoney(amount) })}</Text>
          {refund.error && <Alert color="red">{refund.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("adminOrders.back")}
            </Button>
            <Button type="submit" color="red" loading={refund.isPending} disabled={amount <= 0}>
              {t("adminOrders.refund.submit", { amount: formatMoney(amount) })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
