import { Button, Group, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { takeEarlyInput } from "../lib/early-input";
import { localePath } from "../../src/i18n/locales";
import { useI18n } from "../lib/i18n";
import { Glyph } from "./Glyph";
import classes from "./SearchForm.module.css";

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The listing pages' search text, bound to the URL's `q`: typing updates the box at once and the URL
 * (hence the query) after a pause; when the URL changes under the box (Clear, back button, a link) the
 * box shows what the listing now uses.
 */
export function useUrlSearchText(q: string, onSearch: (q: string | undefined) => void) {
  const [text, setText] = useState(q);
  const [lastUrlQ, setLastUrlQ] = useState(q);
  if (q !== lastUrlQ) {
    setLastUrlQ(q);
    if (q !== text.trim()) setText(q);
  }
  const apply = useDebouncedCallback((value: string) => onSearch(value.trim() || undefined), SEARCH_DEBOUNCE_MS);
  return {
    text,
    change(value: string) {
      setText(value);
      apply(value);
    },
    flush: () => apply.flush(),
    reset() {
      apply.cancel();
      setText("");
    },
  };
}

export type UrlSearchText = ReturnType<typeof useUrlSearchText>;

/** The filters among a form's early values that a page knows (its own search params), as a patch of them. */
export function pick<K extends string>(
  patch: Record<string, string | undefined>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const picked: Partial<Record<K, string>> = {};
  for (const key of keys) if (key in patch) picked[key] = patch[key];
  return picked;
}

/** The search box's field name: the URL's `q`, so that the form sent without the app's code reads as the app's link. */
const SEARCH_FIELD = "q";

/**
 * A search landmark with the search box first and the page's own filters after it. It is a real GET form to the
 * page's own address (`action`), each field named as the URL's param: before the app's code has arrived, or without
 * JavaScript, Enter (or the `Search` button, drawn only where scripts do not run) has the server draw the filtered
 * page. Once the app has taken the page over, what was typed or chosen in the meantime is applied as if it had been
 * typed just now (lib/early-input.ts): the search text through `search`, the filters through `onEarlyFilters`.
 */
export function SearchForm({
  label,
  placeholder,
  action,
  search,
  onEarlyFilters,
  children,
}: {
  label: string;
  placeholder: string;
  action: string;
  search: UrlSearchText;
  onEarlyFilters?: (patch: Record<string, string | undefined>) => void;
  children?: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const { t, locale } = useI18n();
  // What was typed or chosen before the app took the page over wins over what the server drew.
  const takeOver = useEffectEvent(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const patch: Record<string, string | undefined> = {};
    for (const field of Array.from(fields)) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.name) continue;
      const value = takeEarlyInput(field);
      if (field.name === SEARCH_FIELD) {
        // Typed while React was taking the page over (after the note was taken) counts too.
        const typed = value ?? (field.value !== search.text ? field.value : undefined);
        if (typed !== undefined) search.change(typed);
      } else if (value !== undefined) {
        patch[field.name] = value || undefined;
      }
    }
    if (Object.keys(patch).length > 0) onEarlyFilters?.(patch);
  });
  // Once, after the first commit.
  useEffect(() => takeOver(), []);

  return (
    <form
      ref={form}
      role="search"
      aria-label={label}
      method="get"
      // In the page's language: sent before the app's code has arrived, a French page's search stays French.
      action={localePath(locale, action)}
      onSubmit={(e) => {
        e.preventDefault();
        search.flush();
      }}
    >
      <Group align="flex-end" gap="md" mb="xl" wrap="wrap">
        <TextInput
          label={t("list.search")}
          name={SEARCH_FIELD}
          enterKeyHint="search"
          placeholder={placeholder}
          leftSection={<Glyph icon={classes.search} size={16} />}
          value={search.text}
          onChange={(e) => search.change(e.currentTarget.value)}
          style={{ flex: "2 1 240px" }}
        />
        {children}
        <noscript>
          <Button type="submit">{t("list.search")}</Button>
        </noscript>
      </Group>
    </form>
  );
}
