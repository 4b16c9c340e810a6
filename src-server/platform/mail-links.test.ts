import { describe, expect, it } from "vitest";
import { matchPage } from "../../src/domain/pages";
import { SECURITY_SETTINGS_PATH } from "../../src/domain/second-factor";
import { meetingPath } from "../../src/domain/consultations";
import { splitLocalePath } from "../../src/i18n/locales";
import { linkIn, pageLink } from "./mail-links";

// Issue #45: a French reader's mails link to the French address of each page.

/** Every page a mail, an invite or a notification links to. */
const LINKED = [
  "/profile",
  "/dashboard",
  "/seer/dashboard",
  "/become-seer",
  "/become-vendor",
  "/vendor",
  "/admin?tab=inbox",
  "/admin?tab=products",
  "/login",
  "/forgot-password",
  "/reset-password?token=abc",
  "/verify-email?token=abc",
  "/messages/b1",
  meetingPath("b1"),
  SECURITY_SETTINGS_PATH,
];

describe("links in mails", () => {
  it("go to the English address in English and the French one in French", () => {
    expect(pageLink("https://seer.example", "/profile")).toBe("https://seer.example/profile");
    expect(pageLink("https://seer.example", "/profile", "fr")).toBe("https://seer.example/fr/profile");
    expect(pageLink("https://seer.example", "/reset-password?token=a", "fr")).toBe(
      "https://seer.example/fr/reset-password?token=a",
    );
    expect(pageLink("https://seer.example", SECURITY_SETTINGS_PATH, "fr")).toBe("https://seer.example/fr/profile#security");
    expect(linkIn("https://seer.example/meeting/b1", "en")).toBe("https://seer.example/meeting/b1");
    expect(linkIn("https://seer.example/meeting/b1?x=1", "fr")).toBe("https://seer.example/fr/meeting/b1?x=1");
  });

  it("name pages that exist at both addresses", () => {
    for (const path of LINKED) {
      const french = new URL(pageLink("https://seer.example", path, "fr"));
      const { locale, path: page } = splitLocalePath(french.pathname);
      expect(locale, path).toBe("fr");
      expect(matchPage(page), path).not.toBeNull();
    }
  });
});
