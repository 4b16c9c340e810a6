import { askConfirmation, isConfirmationRefusal, isSecondFactorRefusal, SECURITY_SETTINGS_PATH } from "./confirm-identity";

/** An admin refused the console for want of a second factor goes to the security settings. */
function toSecuritySettings(error: unknown): void {
  if (!isSecondFactorRefusal(error)) return;
  if (window.location.pathname + window.location.hash !== SECURITY_SETTINGS_PATH) window.location.assign(SECURITY_SETTINGS_PATH);
}

/** After a query's error (trpc.ts's query cache). */
export function afterQueryError(error: unknown): void {
  toSecuritySettings(error);
}

/** After a mutation's error: a sensitive action refused for want of a fresh confirmation is asked for, then sent again. */
export function afterMutationError(error: unknown, again: () => Promise<unknown>): void {
  toSecuritySettings(error);
  if (isConfirmationRefusal(error))
    void askConfirmation().then((confirmed) => (confirmed ? again().catch(() => undefined) : undefined));
}
