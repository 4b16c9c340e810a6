import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** How a Seer's calendar address may be read: the guard against reaching the app's own network (SSRF). */
export interface FetchGuard {
  /** Loopback and private addresses too (tests, development: CALENDAR_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Answers longer than this are refused. */
  maxBytes: number;
}

export class CalendarFetchError extends Error {}

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** Whether an address is loopback, private, link-local, shared, multicast or unspecified (an IPv4-mapped one too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** A calendar address the app may read: http(s), and not a private address written as such. */
export function checkCalendarUrl(text: string, guard: Pick<FetchGuard, "allowPrivate">): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CalendarFetchError("The address is not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CalendarFetchError("Only http:// and https:// addresses can be read.");
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  if (!guard.allowPrivate && (host === "localhost" || host.endsWith(".localhost") || (isIP(host) && isPrivateAddress(host))))
    throw new CalendarFetchError("This address is on a private network and cannot be read.");
  return url;
}

/** DNS as usual, refusing private answers: checked at connection time, so a name cannot change its mind meanwhile. */
const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0)
        return callback(new CalendarFetchError("This address is on a private network and cannot be read."), "", 0);
      if (options.all) return callback(null, usable);
      const [first] = usable;
      return callback(null, first?.address ?? "", first?.family ?? 4);
    });
  };

const headersOf = (init: HeadersInit | undefined): Record<string, string> => Object.fromEntries(new Headers(init).entries());

/**
 * A `fetch` for the addresses Seers give (iCalendar and CalDAV, through tsdav): http(s) only, private addresses
 * refused (by name and at connection), a timeout over the whole exchange, a size limit, and at most 3 redirects of a
 * GET, each checked again.
 */
export function guardedFetch(guard: FetchGuard): typeof fetch {
  const tooLarge =
    guard.maxBytes >= 1_048_576
      ? `The calendar is larger than ${Math.round(guard.maxBytes / 1_048_576)} MB.`
      : `The calendar is larger than ${guard.maxBytes} bytes.`;
  const once = (url: URL, init: RequestInit | undefined): Promise<Response> =>
    new Promise((resolve, reject) => {
      let settled = false;
      // The first outcome wins; a request ended early is destroyed without an error of its own to emit.
      const fail = (err: unknown) => {
        if (!settled) {
          settled = true;
          reject(err instanceof Error ? err : new CalendarFetchError(String(err)));
        }
        request.destroy();
      };
      const body = typeof init?.body === "string" ? init.body : undefined;
      if (init?.body != null && body === undefined) return reject(new CalendarFetchError("Only text request bodies are sent."));
      const request = (url.protocol === "https:" ? https : http).request(
        url,
        {
          method: init?.method ?? "GET",
          headers: headersOf(init?.headers),
          lookup: guardedLookup(guard.allowPrivate),
          timeout: guard.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > guard.maxBytes) return fail(new CalendarFetchError(tooLarge));
            chunks.push(chunk);
          });
          response.on("error", fail);
          response.on("end", () => {
            if (settled) return;
            settled = true;
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === "string") headers.set(name, value);
              else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
            }
            const status = response.statusCode ?? 502;
            const noBody = status === 204 || status === 304 || (status >= 100 && status < 200);
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      const late = () => fail(new CalendarFetchError(`The calendar did not answer within ${guard.timeoutMs / 1000} seconds.`));
      const deadline = setTimeout(late, guard.timeoutMs);
      request.on("close", () => clearTimeout(deadline));
      request.on("timeout", late);
      request.on("error", fail);
      if (init?.signal) init.signal.addEventListener("abort", () => fail(new CalendarFetchError("Aborted.")), { once: true });
      request.end(body);
    });

  return async (input, init) => {
    if (typeof input !== "string" && !(input instanceof URL)) throw new CalendarFetchError("Only addresses can be fetched.");
    let url = checkCalendarUrl(input.toString(), guard);
    const method = (init?.method ?? "GET").toUpperCase();
    for (let hop = 0; ; hop++) {
      const response = await once(url, init);
      const location = response.headers.get("location");
      if (method !== "GET" || !location || response.status < 300 || response.status >= 400) return response;
      if (hop >= 3) throw new CalendarFetchError("The address redirects too often.");
      url = checkCalendarUrl(new URL(location, url).toString(), guard);
    }
  };
}
