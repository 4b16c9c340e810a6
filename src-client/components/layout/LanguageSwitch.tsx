import { Button } from "@mantine/core";
import { useRouterState } from "@tanstack/react-router";
import { LANGUAGE_PATH, LOCALE_NAMES, type Locale } from "../../../src/i18n/locales";
import { useI18n } from "../../lib/i18n";

/**
 * The language switcher of the header and the footer (issue #45): a real form, the same with or without the app's
 * code. The server keeps the choice (a cookie, and the account of a signed-in person) and opens the same page in the
 * other language; the page loads anew, in that language's messages only.
 */
export function LanguageSwitch({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { locale, t } = useI18n();
  const here = useRouterState({ select: (s) => s.location.href });
  const other: Locale = locale === "fr" ? "en" : "fr";
  return (
    <form method="post" action={LANGUAGE_PATH} aria-label={t("language.label")}>
      <input type="hidden" name="locale" value={other} />
      <input type="hidden" name="next" value={here} />
      {/* On the footer's dark ground, in the footer links' colour (readable there; axe checks it in French). */}
      <Button
        type="submit"
        variant="subtle"
        size="xs"
        color={tone === "light" ? "ochre.3" : "dark"}
        c={tone === "light" ? "terracotta.0" : undefined}
        lang={other}
      >
        {LOCALE_NAMES[other]}
      </Button>
    </form>
  );
}
