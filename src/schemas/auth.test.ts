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
});
