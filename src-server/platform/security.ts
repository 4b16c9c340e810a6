import { createHash } from "node:crypto";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { sendText } from "./rest";

/** Video hosts the Wisdom Hub embeds; nothing else may be framed. */
const videoFrames = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"];

/**
 * The headers helmet sets for these options, worked out once: the policy is the same for every answer, and building it
 * per request (as @fastify/helmet does) was a measurable part of a public read's time (docs/decisions.md).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) headers[name] = String(value);
  return headers;
}

/** The CSP source that admits one inline script: the SHA-256 of its text. */
const scriptHash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * Security headers on every answer. Stripe.js is admitted by the CSP only when Stripe is configured; inline scripts
 * only by their hash (`inlineScripts`, each one's exact text).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { stripe: boolean; https: boolean; inlineScripts?: string[] },
): void {
  const stripeScript = options.stripe ? ["https://js.stripe.com"] : [];
  const stripeFrames = options.stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [];
  const stripeConnect = options.stripe ? ["https://api.stripe.com"] : [];
  const headers = securityHeadersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.inlineScripts ?? []).map(scriptHash), ...stripeScript],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...stripeConnect],
        frameSrc: [...videoFrames, ...stripeFrames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: options.https,
  });
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * State-changing requests from another origin are refused, besides SameSite cookies.
 * Webhooks are exempt: they are authenticated by their signature, not by a cookie.
 */
export function registerOriginCheck(app: FastifyInstance, exemptPrefixes: string[]): void {
  app.addHook("onRequest", async (req, reply) => {
    if (!UNSAFE_METHODS.has(req.method)) return;
    if (exemptPrefixes.some((p) => req.url.startsWith(p))) return;
    const fetchSite = req.headers["sec-fetch-site"];
    if (fetchSite === "cross-site" || fetchSite === "same-site") {
      return sendText(reply, 403, "Cross-origin request refused");
    }
    // The browser says so itself (a header pages cannot set): a form posted from our own page, whose Origin is
    // "null" under our no-referrer policy, is ours.
    if (fetchSite === "same-origin") return;
    const origin = req.headers.origin;
    if (origin && origin !== "null") {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== req.headers.host)
        return sendText(reply, 403, "Cross-origin request refused");
    } else if (origin === "null") {
      return sendText(reply, 403, "Cross-origin request refused");
    }
  });
}
