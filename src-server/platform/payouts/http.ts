import { createHash, timingSafeEqual } from "node:crypto";
import type { Currency } from "../../../src/domain/currencies";
import { MINOR_DIGITS } from "../../../src/domain/currencies";
import { z } from "zod";
import { RailRefusedError } from "./rail";

/**
 * What the two real payout adapters (paystack.ts, flutterwave.ts) share: reading a webhook header, comparing secrets in
 * constant time, turning minor units into the major units an API wants, and one JSON request over `fetch`.
 */

/** A header's single value (Node gives a repeated header as an array: the first counts), or null when absent. */
export function headerValue(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | null {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === "" ? null : first;
}

/** Equality of two secrets without a timing leak, of their content or their length (both are hashed first). */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** 10050 pesewas -> 100.5 cedis; XOF and XAF have no minor unit, so a franc stays a franc. */
export function toMajor(minor: number, currency: Currency): number {
  return minor / 10 ** MINOR_DIGITS[currency];
}

/** 100.5 cedis -> 10050 pesewas (rounded: a provider's decimal may carry float noise). */
export function toMinor(major: number, currency: Currency): number {
  return Math.round(major * 10 ** MINOR_DIGITS[currency]);
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * One request with a bearer key and an optional JSON body; the answer's status and parsed body (null when it is not
 * JSON). A network failure or a 5xx throws a plain Error: nothing is known, the job retries.
 */
export async function requestJson(
  fetchFn: typeof fetch,
  provider: string,
  url: URL,
  secretKey: string,
  init: { method: "GET" | "POST"; body?: unknown },
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${secretKey}`, Accept: "application/json" };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    throw new Error(`${provider}: ${init.method} ${url.pathname} failed to reach the provider`, { cause: error });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (response.status >= 500) {
    throw new Error(`${provider}: ${init.method} ${url.pathname} answered ${response.status}`);
  }
  return { status: response.status, body };
}

/** Where a 4xx is the provider refusing what was asked (not our key, nor a rate limit: those are retried). */
export function isRefusal(status: number): boolean {
  return status === 400 || status === 404 || status === 409 || status === 422;
}

const errorBody = z.object({ message: z.string(), code: z.string().optional() });

/** The provider's own message in an error answer, or "no message". */
export function messageOf(answer: JsonAnswer): string {
  const parsed = errorBody.safeParse(answer.body);
  return parsed.success ? parsed.data.message : "no message";
}

/**
 * One provider's API as both adapters call it: its base URL and secret key, requests with the key as bearer, and
 * answers read the same way (a 2xx's body; a refusal as RailRefusedError, marked when it says the reference was used;
 * any other 4xx as a plain Error, retried), bodies checked against zod schemas.
 */
export class ProviderApi {
  readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly secretKey: string;

  constructor(
    private readonly provider: string,
    options: { secretKey: string; baseUrl: string; fetch?: typeof fetch | undefined },
    private readonly duplicateReference: (message: string, code: string | undefined) => boolean,
  ) {
    this.secretKey = options.secretKey;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  url(path: string, query: Record<string, string> = {}): URL {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  call(url: URL, init: { method: "GET" | "POST"; body?: unknown }): Promise<JsonAnswer> {
    return requestJson(this.fetchFn, this.provider, url, this.secretKey, init);
  }

  /** A 2xx answer's body; a refusal (400, 404, 409, 422) as RailRefusedError; any other 4xx as a plain Error. */
  ok(answer: JsonAnswer, what: string): unknown {
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    const refusal = errorBody.safeParse(answer.body);
    const message = refusal.success ? refusal.data.message : `${this.provider} refused to ${what}`;
    if (isRefusal(answer.status))
      throw new RailRefusedError(message, this.duplicateReference(message, refusal.success ? refusal.data.code : undefined));
    throw new Error(`${this.provider}: ${what} answered ${answer.status}: ${message}`);
  }

  /** An answer's body as the schema reads it; anything else is the provider's surprise, thrown (the job retries). */
  parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(`${this.provider}: unexpected answer to ${what}: ${parsed.error.message}`);
    return parsed.data;
  }
}
