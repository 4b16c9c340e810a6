import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Order } from "./types";

/**
 * The vendors' parts of an order (issue #46): each one's shipment as its vendor marked it, and `Mark part delivered`
 * once it has shipped, which starts its return window and, after it, the vendor's payout.
 */
export function VendorPartsPanel({ order }: { order: Order }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const deliver = trpc.vendors.markDelivered.useMutation({
    onSuccess: () => {
      void utils.orders.detail.invalidate({ orderId: order.id });
      notify({ title: t("adminOrders.delivered"), message: t("adminOrders.emailed") }, "success");
    },
  });
  if (order.parts.length === 0) return null;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t("adminOrders.parts.title")}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {order.parts.map((part) => {
          const s = part.shipment;
          const names = order.lines.filter((l) => part.productIds.includes(l.productId)).map((l) => l.productName);
          return (
            <Group component="li" key={part.vendorId} justify="space-between" align="flex-start" data-testid="vendor-part">
              <Stack gap={2}>
                <Text fw={600}>{part.businessName}</Text>
                <Text size="sm">{names.join(", ")}</Text>
                <Text size="sm" c="dimmed">
                  {!s
                    ? t("adminOrders.parts.notShipped")
                    : t("adminOrders.parts.shipped", {
                        date: formatDate(s.shippedAt, "short"),
                        carrier: s.carrier === "Other" ? t("adminOrders.ship.other") : s.carrier,
                        number: s.trackingNumber,
                      })}
                  {s?.trackingUrl && (
                    <>
                      {" "}
                      <Anchor href={s.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
                        {t("adminOrders.track")}
                      </Anchor>
                    </>
                  )}
                </Text>
                {s?.deliveredAt && (
                  <Text size="sm">{t("adminOrders.parts.delivered", { date: formatDate(s.deliveredAt, "short") })}</Text>
                )}
              </Stack>
              {s && !s.deliveredAt && (
                <Button
                  size="xs"
                  loading={deliver.isPending && deliver.variables.vendorId === part.vendorId}
                  onClick={() => deliver.mutate({ orderId: order.id, vendorId: part.vendorId })}
                  aria-label={t("adminOrders.parts.deliverLabel", { vendor: part.businessName })}
                >
                  {t("adminOrders.parts.deliver")}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      {deliver.error && (
        <Alert color="red" mt="sm">
          {deliver.error.message}
        </Alert>
      )}
    </Paper>
  );
}
