import { describe, expect, it } from "vitest";
import { secondFactorCodeSchema, signInSchema } from "../schemas/auth";
import { SECOND_STEP_EXPIRED, WRONG_CODE } from "./second-factor";
import { SECOND_STEPS } from "./sign-in-refusal-codes";
import {
  accountUnderAttack,
  refusalOf,
  refusalText,
  SIGN_IN_FAILED,
  secondStepFactors,
  secondStepKind,
  secondStepPath,
  signInRefusedPath,
  TOO_MANY_ATTEMPTS,
  tooManyAttempts,
} from "./sign-in-refusals";

describe("a refused sign-in's code in the address (issue #39)", () => {
  it("stands for exactly the text the server gave, whatever the wait", () => {
    const texts = [SIGN_IN_FAILED, TOO_MANY_ATTEMPTS, WRONG_CODE, SECOND_STEP_EXPIRED];
    for (let s = 1; s <= 900; s++) texts.push(tooManyAttempts(s * 1000), accountUnderAttack(s * 1000));
    for (const text of texts) {
      const refusal = refusalOf(text);
      expect(refusal, text).toBeDefined();
      if (refusal) expect(refusalText(refusal)).toBe(text);
    }
    expect(refusalOf("Anything else")).toBeUndefined();
  });

  it("words the form's own checks as its schema does", () => {
    const issues = signInSchema.safeParse({ email: "", password: "" }).error?.issues ?? [];
    expect(issues.find((i) => i.path[0] === "email")?.message).toBe(refusalText({ error: "email" }));
    expect(issues.find((i) => i.path[0] === "password")?.message).toBe(refusalText({ error: "password" }));
    expect(secondFactorCodeSchema.safeParse("12").error?.issues[0]?.message).toBe(refusalText({ error: "codeFormat" }));
  });

  it("reads a wait the server never says as the longest", () => {
    expect(refusalText({ error: "throttled", wait: 0 })).toBe(TOO_MANY_ATTEMPTS);
    expect(refusalText({ error: "throttled", wait: 10_000 })).toBe(TOO_MANY_ATTEMPTS);
    expect(refusalText({ error: "locked", wait: 1.5 })).toBe(accountUnderAttack(900_000));
  });

  it("keeps the way back in the sign-in address", () => {
    expect(signInRefusedPath("/cart/add?productId=p&quantity=1", { error: "throttled", wait: 30 })).toBe(
      "/login?returnTo=%2Fcart%2Fadd%3FproductId%3Dp%26quantity%3D1&error=throttled&wait=30",
    );
  });
});

describe("the drawn second step's address (issue #47)", () => {
  it("names the factors a person has, and gives them back", () => {
    for (const totp of [true, false])
      for (const passkeys of [true, false]) {
        if (!totp && !passkeys) continue;
        expect(secondStepFactors(secondStepKind({ totp, passkeys }))).toEqual({ totp, passkeys });
      }
    expect(SECOND_STEPS).toContain(secondStepKind({ totp: false, passkeys: true }));
  });

  it("keeps the way back and the step, with a refusal when there is one", () => {
    expect(secondStepPath("/orders", "totp")).toBe("/login?returnTo=%2Forders&second=totp");
    expect(secondStepPath("/orders", "recovery", { error: "throttled", wait: 60 })).toBe(
      "/login?returnTo=%2Forders&second=recovery&error=throttled&wait=60",
    );
  });
});
