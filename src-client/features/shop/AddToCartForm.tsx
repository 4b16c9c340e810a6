import { Button, type ButtonProps } from "@mantine/core";
import { CART_ADD_PATH } from "../../../src/domain/pages";
import { useI18n } from "../../lib/i18n";

/**
 * `Add to Cart` as a real form (issue #39): a tap before the app's code has arrived, or without JavaScript, posts
 * the product to the server, which adds it (signed in) or sends the visitor to sign in and back to finish it
 * (src-server/modules/shop/cart-form.ts). Once the app runs, the tap adds through the app (`onAdd`) instead, with its
 * notices, and the form is not sent: the item is added once either way.
 */
export function AddToCartForm({
  productId,
  soldOut,
  adding,
  onAdd,
  ...button
}: { productId: string; soldOut: boolean; adding: boolean; onAdd: () => void } & ButtonProps) {
  const { t, locale } = useI18n();
  return (
    <form
      method="post"
      action={CART_ADD_PATH}
      onSubmit={(event) => {
        event.preventDefault();
        if (!adding) onAdd();
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="locale" value={locale} />
      <Button type="submit" disabled={soldOut || adding} {...button}>
        {soldOut ? t("market.outOfStock") : t("market.addToCart")}
      </Button>
    </form>
  );
}
