import { cartAddPath } from "../../../src/domain/pages";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";

/**
 * Add to Cart with docs/product.md#errors-and-messages's toasts. A visitor who is not signed in gets 'Error - Please log in to add
 * items to cart' and the login page 500 ms later, which returns them to the address that adds the item (issue #39), so
 * that after signing in it is in their cart; any other refusal (sold out, no longer available) shows
 * the server's reason instead, since sending a signed-in shopper to log in would not help them.
 */
export function useAddToCart() {
  const utils = trpc.useUtils();
  const { t, locale } = useI18n();
  return trpc.cart.add.useMutation({
    onSuccess: () => notify({ title: t("market.added"), message: t("market.addedText") }, "success"),
    onError: (error, { productId, quantity }) => {
      if (isUnauthorizedError(error)) {
        notify({ title: t("market.addFailed"), message: t("market.addFailedLogIn") }, "destructive");
        // The way back names the page's language: sign-in and the cart then read as this page does.
        redirectToLogin(cartAddPath(productId, quantity, locale));
        return;
      }
      notify({ title: t("market.addFailed"), message: error.message }, "destructive");
    },
    // The cart (and the header badge, which reads the same query) is refetched after every change.
    onSettled: () => utils.cart.list.invalidate(),
  });
}
