import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGS, catalogProblems, compiledFile, compiledModule, sharedIds, sources } from "./lib/i18n-catalogs";
import { LOCALES } from "../src/i18n/locales";

// Issue #45: CI fails when a message lacks its French translation or a French message drops a placeholder.

describe("the catalogs", () => {
  it.each(CATALOGS)("give every English message of the %s catalog in French, with the same placeholders", (catalog) => {
    expect(catalogProblems(sources[catalog].en, sources[catalog].fr)).toEqual([]);
  });

  it("never give one id twice", () => {
    expect(sharedIds()).toEqual([]);
  });

  it("find a missing translation, a dropped or renamed placeholder, a stray message and broken ICU", () => {
    const english = { a: "Hello", b: "© {year} Seer", c: "{count, plural, one {# review} other {# reviews by {name}}}", d: "Hi {name}" };
    expect(
      catalogProblems(english, {
        b: "© Seer",
        c: "{count, plural, one {# avis} other {# avis de {nom}}}",
        d: "Salut {name",
        e: "Extra",
      }),
    ).toEqual([
      "a: no translation",
      "b: placeholders {}, English has {year}",
      "c: placeholders {count, nom}, English has {count, name}",
      expect.stringMatching(/^d: /),
      "e: not an English message",
    ]);
  });

  it("are compiled as they are written (npm run i18n)", () => {
    for (const catalog of CATALOGS) {
      for (const locale of LOCALES) {
        const file = compiledFile(catalog, locale);
        expect(readFileSync(path.join(import.meta.dirname, "../src/i18n/compiled", file), "utf8"), `src/i18n/compiled/${file} is stale: run npm run i18n`).toBe(
          compiledModule(catalog, locale),
        );
      }
    }
  });
});
