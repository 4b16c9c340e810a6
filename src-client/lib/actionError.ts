import { isUnauthorizedError, redirectToLogin } from "./auth";
import { messages } from "./messages";
import { notify } from "./notify";

/** docs/product.md#errors: a 401 asks for a new sign-in; any other failure is a toast with the server's reason. */
export function notifyActionError(error: { message: string }): void {
  if (isUnauthorizedError(error)) {
    notify(messages.unauthorized, "destructive");
    redirectToLogin();
    return;
  }
  // The server's reason is shown as it comes (English until the server's answers are translated).
  notify({ title: "Error", message: error.message, ids: { title: "toast.error" } }, "destructive");
}
