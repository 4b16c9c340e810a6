import type { FastifyInstance } from "fastify";
import { AppError } from "../../../src/errors";
import { DEFAULT_LOCALE, formLocale, localePath, splitLocalePath } from "../../../src/i18n/locales";
import { safeReturnPath } from "../../../src/schemas/auth";
import { endSession } from "./session";
import { restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { accountRouter } from "./router";
import { registerCurrencyForm } from "./currency-form";
import { registerLanguageForm } from "./language-form";
import { registerSignInForm } from "./sign-in-form";

/** The page the visitor came from, when it is on this site; else home. */
function returnPathFrom(query: unknown, referer: string | undefined, host: string | undefined): string {
  const explicit = (query as { returnTo?: unknown } | undefined)?.returnTo;
  if (typeof explicit === "string") return safeReturnPath(explicit);
  if (!referer || !host) return "/";
  try {
    const url = new URL(referer);
    return url.host === host ? safeReturnPath(url.pathname + url.search) : "/";
  } catch {
    return "/";
  }
}

const route = restRoute(createCallerFactory(router({ account: accountRouter })));

export function registerAccountRoutes(app: FastifyInstance): void {
  app.get(
    "/api/auth/user",
    route(async (caller) => {
      const user = await caller.account.me();
      if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
      return user;
    }),
  );

  // Everything the app keeps about the person, as a JSON download (the profile's "Download my data").
  app.get(
    "/api/account/export",
    route(async (caller, _req, ctx) => {
      const data = await caller.account.exportData();
      ctx.res.header("content-disposition", 'attachment; filename="seer-account-data.json"').header("cache-control", "no-store");
      return data;
    }),
  );

  // A full-page navigation (docs/product.md#api): the sign-in screen, which returns the visitor where they came from.
  app.get("/api/login", async (req, reply) => {
    const returnTo = returnPathFrom(req.query, req.headers.referer, req.headers.host);
    // From a French page (`/fr/...`, or an action's address that names its page's language, `/cart/add?...&locale=fr`),
    // the French sign-in page, whatever the browser prefers (issue #45).
    const [pathname = "/", query = ""] = returnTo.split("?");
    const locale = splitLocalePath(pathname).locale ?? formLocale(new URLSearchParams(query).get("locale")) ?? DEFAULT_LOCALE;
    return reply.redirect(localePath(locale, `/login?returnTo=${encodeURIComponent(returnTo)}`), 302);
  });

  // The drawn sign-in page's form, for a browser without the app's code (issue #39).
  registerSignInForm(app);
  registerCurrencyForm(app);
  registerLanguageForm(app);

  // Sign-out changes state, so it is a POST only (a form in the header and the profile): an image or a link
  // elsewhere cannot sign anyone out, and the origin check refuses other sites. 303 makes the browser GET home.
  void app.register(async (scope) => {
    // The sign-out form has no fields; its urlencoded body is read and ignored.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, _body, done) =>
      done(null, undefined),
    );
    scope.post("/api/logout", async (req, reply) => {
      await endSession(req);
      return reply.redirect("/", 303);
    });
  });
}
