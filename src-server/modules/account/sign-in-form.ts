import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SECOND_STEPS, type SecondStepKind } from "../../../src/domain/sign-in-refusal-codes";
import {
  refusalOf,
  secondStepKind,
  secondStepPath,
  signInRefusedPath,
  type SignInRefusal,
} from "../../../src/domain/sign-in-refusals";
import { formLocale, pathInLocale } from "../../../src/i18n/locales";
import { safeReturnPath } from "../../../src/schemas/auth";
import { formField, sendError } from "../../platform/rest";
import { httpErrorOf } from "../../platform/trpc/errors";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { accountRouter } from "./router";

const createCaller = createCallerFactory(router({ account: accountRouter }));

/**
 * The refusal a failed sign-in stands for in the page's address, or undefined when it is none of them (a 500). A
 * field the form's checks refused is the code field in the second step, else the password or the address.
 */
function refusalFrom(error: unknown): SignInRefusal | undefined {
  if (error instanceof TRPCError && error.code === "BAD_REQUEST" && error.cause && "issues" in error.cause) {
    const field = (error.cause as { issues: { path: PropertyKey[] }[] }).issues[0]?.path[0];
    return { error: field === "code" ? "codeFormat" : field === "password" ? "password" : "email" };
  }
  const { status, message } = httpErrorOf(error);
  return status < 500 ? refusalOf(message) : undefined;
}

/**
 * Sign-in as the browser sends it without the app's code (issue #39): the drawn sign-in page's form. It signs in
 * through the same procedure as the app's own form, so throttling, its texts and the session are the same; then the
 * browser goes where the person came from (only ever a path on this site). A refusal goes back to the sign-in page
 * with a code that stands for the product's text: the page never shows text taken from its address.
 */
async function signInFromForm(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const returnTo = safeReturnPath(formField(req.body, "returnTo"));
  const locale = formLocale(formField(req.body, "locale"));
  try {
    const ctx = await req.server.createContext(req, reply);
    const answer = await createCaller({ ...ctx, locale: locale ?? ctx.locale }).account.signIn({
      email: formField(req.body, "email") ?? "",
      password: formField(req.body, "password") ?? "",
    });
    // With a second factor, the session waits for it: the drawn page asks for the code (issue #47).
    if ("secondStep" in answer)
      return reply.redirect(pathInLocale(locale, secondStepPath(returnTo, secondStepKind(answer.secondStep))), 303);
    return reply.redirect(returnTo, 303);
  } catch (error) {
    const refusal = refusalFrom(error);
    if (!refusal) return sendError(req, reply, error);
    return reply.redirect(pathInLocale(locale, signInRefusedPath(returnTo, refusal)), 303);
  }
}

/**
 * The second step as the browser sends it without the app's code (issue #47): a code from the authenticator app or
 * a recovery code, through the same procedure as the app's form (its throttle and texts). A wrong code comes back to
 * the same step; an expired step goes back to the password.
 */
async function secondStepFromForm(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const returnTo = safeReturnPath(formField(req.body, "returnTo"));
  const sent = formField(req.body, "second");
  const second: SecondStepKind = SECOND_STEPS.find((kind) => kind === sent) ?? "totp";
  const locale = formLocale(formField(req.body, "locale"));
  try {
    const ctx = await req.server.createContext(req, reply);
    await createCaller({ ...ctx, locale: locale ?? ctx.locale }).account.signInSecondStep({
      code: formField(req.body, "code") ?? "",
    });
    return reply.redirect(returnTo, 303);
  } catch (error) {
    const refusal = refusalFrom(error);
    if (!refusal) return sendError(req, reply, error);
    if (refusal.error === "expired") return reply.redirect(pathInLocale(locale, signInRefusedPath(returnTo, refusal)), 303);
    return reply.redirect(pathInLocale(locale, secondStepPath(returnTo, second, refusal)), 303);
  }
}

/** POST /login and /login/code, in a scope of their own that reads the forms' urlencoded bodies. The origin check covers them (app.ts). */
export function registerSignInForm(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post("/login", signInFromForm);
    scope.post("/login/code", secondStepFromForm);
  });
}
