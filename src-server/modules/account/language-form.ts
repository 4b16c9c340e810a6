import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../src/errors";
import { isLocale, LANGUAGE_PATH, localePath, splitLocalePath } from "../../../src/i18n/locales";
import { safeReturnPath } from "../../../src/schemas/auth";
import { sendError } from "../../platform/rest";

/**
 * The header's and footer's language switcher (issue #45), a real form on every page, with or without the app's code:
 * the choice is kept (account/locale.ts), then the page the person was on opens again at its address in that
 * language (only ever a path on this site).
 */
async function languageFromForm(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  try {
    if (!isLocale(body.locale)) throw new AppError("BAD_REQUEST", "Choose English or French");
    const locale = body.locale;
    const next = safeReturnPath(typeof body.next === "string" ? body.next : undefined);
    const pathname = next.split(/[?#]/)[0] ?? "/";
    const ctx = await req.server.createContext(req, reply);
    await ctx.services.account.chooseLocale(ctx.user, reply, locale);
    return reply.redirect(localePath(locale, splitLocalePath(pathname).path) + next.slice(pathname.length), 303);
  } catch (error) {
    return sendError(req, reply, error);
  }
}

/** POST /language, in a scope of its own that reads the form's urlencoded body. The origin check covers it (app.ts). */
export function registerLanguageForm(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(LANGUAGE_PATH, languageFromForm);
  });
}
