import { describe, expect, it } from "vitest";
import { translator } from "./i18n";

describe("the server's translator", () => {
  it("writes a message of each catalog in the language asked for, its placeholders filled in", () => {
    expect(translator("fr")("access.denied")).toBe("Accès refusé");
    expect(translator("en")("access.denied")).toBe("Access Denied");
    expect(translator("fr")("seers.showing", { shown: 3, total: 12 })).toBe("3 Seers affichés sur 12");
    expect(translator("en")("site.title")).toBe("Seer — Verified African Spiritual Guides");
  });
});
