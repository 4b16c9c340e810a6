import { Group, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";

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

/** A search landmark with the search box first and the page's own filters after it. */
export function SearchForm({
  label,
  placeholder,
  search,
  children,
}: {
  label: string;
  placeholder: string;
  search: UrlSearchText;
  children?: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        search.flush();
      }}
    >
      <Group align="flex-end" gap="md" mb="xl" wrap="wrap">
        <TextInput
          label="Search"
          placeholder={placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.text}
          onChange={(e) => search.change(e.currentTarget.value)}
          style={{ flex: "2 1 240px" }}
        />
        {children}
      </Group>
    </form>
  );
}
