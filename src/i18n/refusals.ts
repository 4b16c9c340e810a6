/**
 * Finding a refusal's message by its English (issue #45). The server throws its refusals and zod's custom messages in
 * English, as docs/product.md gives them; the catalogs that translate them (the server's `errors*` areas, the app's
 * `validation`) hold that exact English, with `{name}` where the English is built from a value. A text is found by its
 * English, exactly first, then by a pattern made once from each message with placeholders, whose captured values
 * fill the translation's placeholders. A text that is not in a catalog is not found and stays English.
 */
export interface FoundMessage {
  id: string;
  /** The placeholders' values as the English held them. */
  values: Record<string, string>;
}

export type FindMessage = (text: string) => FoundMessage | null;

const PLACEHOLDER = /\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\w+\}/;
/** Placeholders that hold a number: they match digits only, so that `{days} days` is not any text ending in days. */
const NUMERIC = new Set(["n", "count", "days", "minutes", "seconds", "hours", "stock", "left", "bought", "max", "min"]);
/** Placeholders for the English's own grammar (`minute{s}`, `{isAre} in stock`): what they can be. */
const GRAMMAR: Record<string, string> = { s: "(s?)", isAre: "(is|are)" };
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Pattern {
  id: string;
  names: string[];
  regex: RegExp;
  /** The English's own text without its placeholders: the longer, the more specific, the earlier tried. */
  fixed: number;
}

function patternOf(id: string, english: string): Pattern {
  const names: string[] = [];
  let source = "";
  let last = 0;
  for (const match of english.matchAll(PLACEHOLDER)) {
    source += escape(english.slice(last, match.index));
    const name = match[1] ?? "";
    source += GRAMMAR[name] ?? (NUMERIC.has(name) ? "(\\d[\\d,.]*)" : "([\\s\\S]*?)");
    names.push(name);
    last = match.index + match[0].length;
  }
  source += escape(english.slice(last));
  return { id, names, regex: new RegExp(`^${source}$`), fixed: english.replace(PLACEHOLDER, "").length };
}

/** A finder over English messages by id (one catalog area or several). */
export function messageFinder(...englishes: Record<string, string>[]): FindMessage {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const english of englishes) {
    for (const [id, text] of Object.entries(english)) {
      if (HAS_PLACEHOLDER.test(text)) patterns.push(patternOf(id, text));
      else if (!exact.has(text)) exact.set(text, id);
    }
  }
  patterns.sort((a, b) => b.fixed - a.fixed);
  return (text) => {
    const id = exact.get(text);
    if (id) return { id, values: {} };
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (match)
        return { id: pattern.id, values: Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1] ?? ""])) };
    }
    return null;
  };
}

/**
 * `text` in another language through `t` (a catalog's messages by id), or null when it is not a catalog's message.
 * A placeholder's value that is itself a message (a field's name in `{label} is required`, the reason in
 * `{why}. Please update your cart.`) is translated too.
 */
export function translateFound(
  find: FindMessage,
  t: (id: string, values: Record<string, string>) => string,
  text: string,
  depth = 0,
): string | null {
  const found = find(text);
  if (!found) return null;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [
      name,
      (depth < 2 && value ? translateFound(find, t, value, depth + 1) : null) ?? value,
    ]),
  );
  const translated = t(found.id, values);
  // A catalog that is not loaded answers the id itself: the English stays.
  return translated === found.id ? null : translated;
}
