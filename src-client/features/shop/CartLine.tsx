import { ActionIcon, Anchor, Box, Card, Group, Stack, Text } from "@mantine/core";
import { IconMinus, IconPlus, IconTrash } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { usePrice } from "../../lib/price";
import { lineTotal } from "../../../src/domain/shipping";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { ProductImage } from "./ProductImage";
import type { CartLineData } from "./types";

/** One cart line (docs/product.md#routes-and-screens "/cart"): minus never below 1, plus never above the stock; the cart is refetched after every change. */
export function CartLine({ line }: { line: CartLineData }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const refetch = () => utils.cart.list.invalidate();
  const setQuantity = trpc.cart.setQuantity.useMutation({
    onError: (error) => notify({ title: t("shop.updateFailed"), message: error.message }, "destructive"),
    onSettled: refetch,
  });
  const remove = trpc.cart.remove.useMutation({
    onSuccess: () => notify({ title: t("shop.removed"), message: t("shop.removedText") }, "success"),
    onError: (error) => notify({ title: t("shop.removeFailed"), message: error.message }, "destructive"),
    onSettled: refetch,
  });
  const busy = setQuantity.isPending || remove.isPending;
  const { product } = line;
  const money = usePrice();
  const change = (quantity: number) => setQuantity.mutate({ id: line.id, quantity });

  return (
    <Card withBorder radius="md" padding="md" data-testid="cart-line">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Box w={96} style={{ flexShrink: 0, borderRadius: 8, overflow: "hidden" }}>
          <ProductImage src={product.imageUrl} alt={product.name} h={96} />
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor
              renderRoot={(props) => <Link {...props} to="/shop/$slug" params={{ slug: product.slug }} />}
              fw={600}
              c="inherit"
            >
              {product.name}
            </Anchor>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("shop.remove", { name: product.name })}
              onClick={() => remove.mutate({ id: line.id })}
              disabled={busy}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="sm" c="dimmed">
            {t("shop.each", { price: money(product.price) })}
          </Text>
          {!product.isActive && (
            <Text size="sm" c="red">
              {t("shop.unavailable")}
            </Text>
          )}
          {product.isActive && line.quantity > product.stockQuantity && (
            <Text size="sm" c="red">
              {product.stockQuantity > 0 ? t("shop.onlyInStock", { count: product.stockQuantity }) : t("shop.outOfStock")}
            </Text>
          )}
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" role="group" aria-label={t("shop.quantityOf", { name: product.name })}>
              <ActionIcon
                variant="default"
                aria-label={t("shop.decrease")}
                disabled={busy || line.quantity <= 1}
                onClick={() => change(line.quantity - 1)}
              >
                <IconMinus size={16} aria-hidden />
              </ActionIcon>
              <Text fw={600} miw={24} ta="center" aria-live="polite" data-testid="line-quantity">
                {line.quantity}
              </Text>
              <ActionIcon
                variant="default"
                aria-label={t("shop.increase")}
                disabled={busy || !product.isActive || line.quantity >= product.stockQuantity}
                onClick={() => change(line.quantity + 1)}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <Text fw={700} data-testid="line-total">
              {money(lineTotal({ price: product.price, quantity: line.quantity }))}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
