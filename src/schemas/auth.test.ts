import { describe, expect, it } from "vitest";
import { safeReturnPath, signUpSchema } from "./auth";

describe("auth schemas", () => {
  it("normalises e-mail to lower case and trims names", () => {
    const parsed = signUpSchema.parse({
      email: " Ama@Example.COM ",
      password: "long enough",
      firstName: " Ama ",
      lastName: "Owusu",
    });
    expect(parsed.email).toBe("ama@example.com");
    expect(parsed.firstName).toBe("Ama");
  });

  it("explains each invalid field", () => {
    const result = signUpSchema.safeParse({ email: "nope", password: "short", firstName: "", lastName: "" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining(["Enter a valid email address", "Password must be at least 8 characters", "First name is required"]),
    );
  });

  it("only returns to paths on this site", () => {
    expect(safeReturnPath("/seers?x=1")).toBe("/seers?x=1");
    expect(safeReturnPath("https://evil.example")).toBe("/");
    expect(safeReturnPath("//evil.example")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath("/api/logout")).toBe("/");
    expect(safeReturnPath(undefined)).toBe("/");
  });

  it("refuses what browsers would read as another origin: tabs, newlines and backslashes anywhere", () => {
    // The reviewer's value: browsers drop the tab and follow //evil.example.
    expect(safeReturnPath("/\t/evil.example")).toBe("/");
    expect(safeReturnPath("/\n/evil.example")).toBe("/");
    expect(safeReturnPath("/\r\n/evil.example")).toBe("/");
    expect(safeReturnPath("/\u0000/evil.example")).toBe("/");
    expect(safeReturnPath("/seers\\..\\\\evil.example")).toBe("/");
    expect(safeReturnPath("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeReturnPath("/seers/../api/logout")).toBe("/");
    expect(safeReturnPath("/seers#about")).toBe("/seers#about");
  });
});
