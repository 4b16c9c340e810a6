import type { FormErrors } from "@mantine/form";
import type { MessageId } from "../../src/i18n/messages/en";
import type { Translate } from "./i18n";
import { validationEnglish } from "../../src/i18n/messages/app/validation";
import { messageFinder, translateFound, type FindMessage } from "../../src/i18n/refusals";

/**
 * A form's field messages in the page's language (issue #45). The forms check their values with the server's own
 * schemas (Mantine's `schemaResolver`), whose messages are English; `inPageLanguage(schemaResolver(schema, ...), t)`
 * finds each by its English in the app catalog's `validation` area (src/i18n/refusals.ts) and says it with the page's
 * own `t` (the screens have fetched the app's catalog, `ensureApp`; the drawn /login carries the area,
 * src/i18n/drawn-areas.ts). Every form's checks go this one way. zod's own French locale is not loaded in the
 * browser, so a zod default (a schema without its own message) stays English here, and is translated by the server
 * when the server refuses it.
 */
let find: FindMessage | undefined;

/** One message in the page's language, or as it is (a text not in the catalog). */
function translated(message: FormErrors[string], t: Translate): FormErrors[string] {
  if (typeof message !== "string") return message;
  find ??= messageFinder(validationEnglish);
  return translateFound(find, (id, values) => t(id as MessageId, values), message) ?? message;
}

/** A form's `validate` (a schemaResolver's) whose messages are said by `t`, the page's language. */
export function inPageLanguage<V>(validate: (values: V) => FormErrors, t: Translate): (values: V) => FormErrors {
  return (values) =>
    Object.fromEntries(Object.entries(validate(values)).map(([field, message]) => [field, translated(message, t)]));
}
