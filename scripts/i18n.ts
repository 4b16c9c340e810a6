import { writeFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "../src/i18n/locales";
import { CATALOGS, compiledFile, compiledModule } from "./lib/i18n-catalogs";

// `npm run i18n`: compiles src/i18n/messages into src/i18n/compiled, one module per language, for Lingui's runtime.
const dir = path.join(import.meta.dirname, "../src/i18n/compiled");
for (const catalog of CATALOGS) {
  for (const locale of LOCALES) writeFileSync(path.join(dir, compiledFile(catalog, locale)), compiledModule(catalog, locale));
}
