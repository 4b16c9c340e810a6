import { ActionIcon, Anchor, Box, Card, Group, Stack, Text } from "@mantine/core";
import { IconMinus, IconPlus, IconTrash } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { usePrice } from "../../lib/price";
import { lineTotal } from "../../../src/domain/shipping";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { ProductImage } from "./ProductImage";
import type { CartLineData } from "./types";

/** One cart line (docs/product.md#routes-and-screens "/cart"): minus never below 1, plus never above the stock; the cart is refetched after every change. */
export function CartLine({ line }: { line: CartLineData }) {
  const utils = trpc.useUtils();
  const refetch = () => utils.cart.list.invalidate();
  const setQuantity = trpc.cart.setQuantity.useMutation({
    onError: (error) => notify({ ...messages.cartUpdateFailed, message: error.message }, "destructive"),
    onSettled: refetch,
  });
  const remove = trpc.cart.remove.useMutation({
    onSuccess: () => notify(messages.itemRemoved, "success"),
    onError: (error) => notify({ ...messages.cartRemoveFailed, message: error.message }, "destructive"),
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
              aria-label={`Remove ${product.name}`}
              onClick={() => remove.mutate({ id: line.id })}
              disabled={busy}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="sm" c="dimmed">
            {money(product.price)} each
          </Text>
          {!product.isActive && (
            <Text size="sm" c="red">
              No longer available. Please remove it from your cart.
            </Text>
          )}
          {product.isActive && line.quantity > product.stockQuantity && (
            <Text size="sm" c="red">
              {product.stockQuantity > 0 ? `Only ${product.stockQuantity} in stock.` : "Out of stock."}
            </Text>
          )}
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" role="group" aria-label={`Quantity of ${product.name}`}>
              <ActionIcon
                variant="default"
                aria-label="Decrease quantity"
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
                aria-label="Increase quantity"
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
