/**
 * What a person typed or chose in a server-drawn page before the app's code arrived (issue #39). A drawn page shows
 * its fields at once, but React only listens once it has taken the page over: a search typed or a filter chosen in
 * between changes the field and nothing else. Just before hydration, main.tsx notes every field whose value is no
 * longer the one the server drew (an input's `defaultValue`, a select's `selected` option); the component that owns
 * the field then takes that value as if it had just been typed (SearchForm). Hydration keeps the server's elements,
 * so the note is kept by element.
 */
const early = new WeakMap<Element, string>();

/** The value the server drew for a field: its `value` attribute, or the option it marked `selected`. */
function drawnValue(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  if (field instanceof HTMLSelectElement) {
    const options = Array.from(field.options);
    return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? "";
  }
  return field.defaultValue;
}

/** Notes the fields under `root` that the person changed before the app's code ran. */
export function captureEarlyInput(root: ParentNode): void {
  for (const field of Array.from(root.querySelectorAll("input, select, textarea"))) {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)) {
      continue;
    }
    if (field instanceof HTMLInputElement && !["text", "search", "email", "tel", "url", "number", "password"].includes(field.type)) continue;
    if (field.value !== drawnValue(field)) early.set(field, field.value);
  }
}

/** The value the person gave this field before the app took the page over, once; then it is forgotten. */
export function takeEarlyInput(field: Element): string | undefined {
  const value = early.get(field);
  early.delete(field);
  return value;
}
