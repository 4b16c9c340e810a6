import { Alert, Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { CARRIERS, type Carrier } from "../../../src/domain/shipping";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc, type RouterInputs } from "../../trpc";
import type { Order } from "./types";

type ShipInput = RouterInputs["orders"]["ship"];

/** What the form needs of a shipping mutation: the admin's `orders.ship` or a vendor's `vendors.markShipped`. */
export interface ShipMutation {
  mutate: (input: ShipInput) => void;
  isPending: boolean;
  error: { message: string; data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } | null } | null } | null;
}

/**
 * The carrier, tracking number (and, for another carrier, its tracking link) of a shipment, in a dialog: an admin
 * ships a whole order, a vendor their own part of one (issue #46).
 */
export function ShipForm({
  title,
  orderId,
  ship,
  submitLabel,
  onClose,
}: {
  title: string;
  orderId: string;
  ship: ShipMutation;
  submitLabel: string;
  onClose(): void;
}) {
  const { t } = useI18n();
  const [carrier, setCarrier] = useState<Carrier>("DHL");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [trackingUrl, setTrackingUrl] = useState("");
  const fieldErrors = ship.error?.data?.zodError?.fieldErrors;
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          ship.mutate({ orderId, carrier, trackingNumber, ...(carrier === "Other" ? { trackingUrl } : {}) });
        }}
      >
        <Stack gap="sm">
          <Select
            label={t("adminOrders.ship.carrier")}
            data={CARRIERS.map((c) => ({ value: c, label: c === "Other" ? t("adminOrders.ship.other") : c }))}
            value={carrier}
            onChange={(v) => v && setCarrier(v as Carrier)}
            allowDeselect={false}
          />
          <TextInput
            label={t("adminOrders.ship.trackingNumber")}
            required
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.currentTarget.value)}
            error={fieldErrors?.trackingNumber?.[0]}
          />
          {carrier === "Other" && (
            <TextInput
              label={t("adminOrders.ship.trackingLink")}
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
              {t("adminOrders.back")}
            </Button>
            <Button type="submit" loading={ship.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Marks a paid order as shipped with its carrier and tracking number; the shopper is e-mailed the link. */
export function ShipDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const ship = trpc.orders.ship.useMutation({
    onSuccess: (next) => {
      utils.orders.detail.setData({ orderId: order.id }, next);
      void utils.orders.list.invalidate();
      notify(
        {
          title: t("adminOrders.ship.done"),
          message: t("adminOrders.ship.doneText", { number: order.orderNumber }),
        },
        "success",
      );
      onClose();
    },
  });
  return (
    <ShipForm
      title={t("adminOrders.ship.title", { number: order.orderNumber })}
      orderId={order.id}
      ship={ship}
      submitLabel={t("adminOrders.markShipped")}
      onClose={onClose}
    />
  );
}
