import { HttpResponse, http, ws, type HttpHandler } from "msw";
import { setupServer } from "msw/node";
import superjson from "superjson";
import { DEFAULT_RATES } from "../../src/domain/currencies";
import { INBOX_SOCKET_PATH } from "../../src/domain/conversations";
import type { RouterInputs as Inputs, RouterOutputs as Outputs } from "../trpc";

export const TEST_ORIGIN = "http://localhost:3000";
/** The signed-in header's live messages socket (issue #43): accepted, and silent unless a test broadcasts on it. */
export const inboxSocket = ws.link(`ws://${new URL(TEST_ORIGIN).host}${INBOX_SOCKET_PATH}`);
export const server = setupServer(inboxSocket.addEventListener("connection", () => {}));

type ProcedurePath = {
  [R in keyof Outputs]: { [P in keyof Outputs[R] & string]: `${R & string}.${P}` }[keyof Outputs[R] & string];
}[keyof Outputs];
type OutputOf<P extends ProcedurePath> = P extends `${infer R}.${infer Q}`
  ? R extends keyof Outputs
    ? Q extends keyof Outputs[R]
      ? Outputs[R][Q]
      : never
    : never
  : never;
type InputOf<P extends ProcedurePath> = P extends `${infer R}.${infer Q}`
  ? R extends keyof Inputs
    ? Q extends keyof Inputs[R]
      ? Inputs[R][Q]
      : never
    : never
  : never;

export interface TrpcErrorShape {
  code:
    | "UNAUTHORIZED"
    | "FORBIDDEN"
    | "NOT_FOUND"
    | "BAD_REQUEST"
    | "CONFLICT"
    | "INTERNAL_SERVER_ERROR"
    | "UNPROCESSABLE_CONTENT"
    | "TOO_MANY_REQUESTS";
  message: string;
  /** A refused input's messages by field, as the server's error formatter gives them (z.flattenError). */
  zodError?: { formErrors: string[]; fieldErrors: Record<string, string[]> };
}
const httpStatus: Record<TrpcErrorShape["code"], number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};
const rpcCode: Record<TrpcErrorShape["code"], number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  UNPROCESSABLE_CONTENT: -32022,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
};

export type Resolver<P extends ProcedurePath> = (
  input: InputOf<P>,
) => OutputOf<P> | { error: TrpcErrorShape } | Promise<OutputOf<P> | { error: TrpcErrorShape }>;

const isError = (value: unknown): value is { error: TrpcErrorShape } =>
  typeof value === "object" &&
  value !== null &&
  "error" in value &&
  typeof (value as { error: unknown }).error === "object" &&
  (value as { error: unknown }).error !== null;

function encodeError(path: string, error: TrpcErrorShape) {
  return {
    error: superjson.serialize({
      message: error.message,
      code: rpcCode[error.code],
      data: { code: error.code, httpStatus: httpStatus[error.code], path, zodError: error.zodError ?? null },
    }),
  };
}

/**
 * Answered unless a test says otherwise: what every page asks whatever it shows (the header's currency, issue #41, as
 * for a visitor who chose none), and the profile page's calendar feed (issue #42), which tests of other parts of that
 * page (sessions, orders) and of the pages that send people there do not look at, the Security section's
 * passkeys and second factors (issue #47), and the phone number for SMS (issue #44), none unless a test gives some.
 */
const DEFAULTS: { [P in ProcedurePath]?: Resolver<P> } = {
  "account.currency": () => ({ currency: null, rates: DEFAULT_RATES }),
  // The header's messages badge and the session cards' counts (issue #43): nothing unread unless a test says so.
  "messages.unread": () => ({ total: 0, byBooking: {} }),
  "calendars.feed": () => ({
    httpsUrl: `${TEST_ORIGIN}/calendar/test-feed.ics`,
    webcalUrl: `webcal://${new URL(TEST_ORIGIN).host}/calendar/test-feed.ics`,
  }),
  "account.passkeys": () => [],
  "account.secondFactors": () => ({ totp: false, passkeys: 0, recoveryCodesLeft: 0 }),
  // The profile's phone number for SMS (issue #44): none unless a test gives one.
  "phone.status": () => ({ number: null, country: null, sms: false, pending: null }),
};

/**
 * One msw handler per procedure, typed by AppRouter, speaking tRPC's batch protocol with superjson,
 * so that component tests exercise the real tRPC client.
 */
export function trpcHandlers(given: { [P in ProcedurePath]?: Resolver<P> }): HttpHandler[] {
  const resolvers = { ...DEFAULTS, ...given };
  const handle = async (request: Request, pathParam: string) => {
    const url = new URL(request.url);
    const paths = pathParam.split(",");
    const batched = url.searchParams.get("batch") === "1";
    let inputs: Record<string, unknown> = {};
    if (request.method === "GET") {
      const raw = url.searchParams.get("input");
      inputs = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } else {
      const text = await request.text();
      inputs = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    }
    const results = await Promise.all(
      paths.map(async (path, i) => {
        const resolver = (resolvers as Record<string, ((input: unknown) => unknown) | undefined>)[path];
        if (!resolver) throw new Error(`No msw resolver for tRPC procedure ${path}`);
        const encoded = batched ? inputs[String(i)] : inputs;
        const input = encoded ? superjson.deserialize(encoded as Parameters<typeof superjson.deserialize>[0]) : undefined;
        const value = await resolver(input);
        if (isError(value)) return { status: httpStatus[value.error.code], body: encodeError(path, value.error) };
        return { status: 200, body: { result: { data: superjson.serialize(value) } } };
      }),
    );
    const status = results.length === 1 ? (results[0]?.status ?? 200) : 207;
    return HttpResponse.json(batched ? results.map((r) => r.body) : results[0]?.body, { status });
  };
  return [
    http.get(`${TEST_ORIGIN}/trpc/:path`, ({ request, params }) => handle(request, String(params.path))),
    http.post(`${TEST_ORIGIN}/trpc/:path`, ({ request, params }) => handle(request, String(params.path))),
  ];
}
