import { describe, expect, it } from "vitest";
import {
  adminOrderFilters,
  isoDate,
  oneOf,
  present,
  seerDirectorySearch,
  shopSearch,
  text,
  wholeNumber,
  wisdomSearch,
} from "./search";

describe("URL search params", () => {
  it("keep a text up to its length and drop anything longer or not text", () => {
    expect(text("abc", 3)).toBe("abc");
    expect(text("abcd", 3)).toBeUndefined();
    expect(text(42, 3)).toBeUndefined();
    expect(text("anything")).toBe("anything");
  });

  it("keep one of the listed values only", () => {
    expect(oneOf("signup", ["signin", "signup"])).toBe("signup");
    expect(oneOf("admin", ["signin", "signup"])).toBeUndefined();
  });

  it("keep real calendar dates only", () => {
    expect(isoDate("2026-02-28")).toBe("2026-02-28");
    expect(isoDate("2028-02-29")).toBe("2028-02-29");
    expect(isoDate("2026-02-29")).toBeUndefined();
    expect(isoDate("2026-13-01")).toBeUndefined();
    expect(isoDate("2026-1-01")).toBeUndefined();
    expect(isoDate("0050-01-01")).toBe("0050-01-01");
  });

  it("keep whole numbers in range, from numbers or digits", () => {
    expect(wholeNumber(2, 1, 10)).toBe(2);
    expect(wholeNumber("3", 1, 10)).toBe(3);
    expect(wholeNumber(0, 1, 10)).toBeUndefined();
    expect(wholeNumber(1.5, 1, 10)).toBeUndefined();
    expect(wholeNumber("", 1, 10)).toBeUndefined();
    expect(wholeNumber("x", 1, 10)).toBeUndefined();
  });

  it("leave out the absent params, so a link reads the same however it was written", () => {
    expect(present({ a: 1, b: undefined })).toEqual({ a: 1 });
    expect(Object.keys(shopSearch({ q: "x".repeat(201), category: "Beads" }))).toEqual(["category"]);
  });

  it("read the empty fields of a form sent without JavaScript as absent, and keep a Load more link's cursor", () => {
    expect(seerDirectorySearch({ q: "", country: "", specialization: "Divination", language: "", cursor: "abc" })).toEqual({
      specialization: "Divination",
      cursor: "abc",
    });
    expect(shopSearch({ q: "bowl", category: "" })).toEqual({ q: "bowl" });
    expect(shopSearch({ cursor: "c".repeat(201) })).toEqual({});
    expect(wisdomSearch({ q: "", category: "" })).toEqual({});
  });

  it("read each page's filters, malformed ones as 'all'", () => {
    expect(seerDirectorySearch({ q: "ifa", country: 7, language: "Yoruba", extra: "x" })).toEqual({
      q: "ifa",
      language: "Yoruba",
    });
    expect(wisdomSearch({ category: "c".repeat(101) })).toEqual({});
    expect(adminOrderFilters({ status: "paid", from: "2026-01-01", to: "nope", page: "2", q: "ama" })).toEqual({
      status: "paid",
      from: "2026-01-01",
      page: 2,
      q: "ama",
    });
    expect(adminOrderFilters({ status: "lost", page: 10_001 })).toEqual({});
  });
});
