import { useHydrated } from "../../lib/hydrated";
import { useI18n } from "../../lib/i18n";
import { DISPLAY_CURRENCIES, useChooseCurrency, useDisplayMoney } from "../../lib/display-money";
import classes from "./Header.module.css";

/**
 * The header's currency (issue #41): prices show in it. A real form, so that a page the server drew takes a choice
 * before its code arrives (sent with `Set`, then the same page again); with the code, a choice applies at once.
 */
export function CurrencyPicker({ returnTo }: { returnTo: string }) {
  const { t } = useI18n();
  const ready = useHydrated();
  // None chosen yet: each page shows its own currency (cedis on the home page and the shop, dollars elsewhere), so the
  // picker names none rather than claim one.
  const chosen = useDisplayMoney()?.currency ?? "";
  const choose = useChooseCurrency();
  return (
    <form method="post" action="/currency" className={classes.currency}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <select
        name="currency"
        aria-label={t("currency.label")}
        value={chosen}
        className={classes.currencySelect}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {chosen === "" && (
          <option value="" disabled>
            —
          </option>
        )}
        {DISPLAY_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {!ready && (
        <button type="submit" className={classes.currencySet}>
          {t("currency.set")}
        </button>
      )}
    </form>
  );
}
