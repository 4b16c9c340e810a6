/**
 * The service worker (issue #44), built on its own by scripts/build-service-worker.ts into dist/client/sw.js, which
 * defines SW_VERSION (a hash of what it precaches) and SW_PRECACHE (the app's shell: the entry's code and styles, the
 * fonts, the icons, the offline page and the profile page's HTML). What it keeps (docs/product.md#offline):
 *
 * - the shell, precached at install and taken over on the next visit (or at `Reload`, lib/service-worker.ts);
 * - hashed build files (`/assets/`), from the cache first: a name never changes its content;
 * - pages, from the network first, the last copy of each kept for when the network is gone, else the offline page;
 * - the person's own reads that /profile shows (KEPT), from the network first, forgotten at sign-out or when another
 *   person signs in. Nothing else under /api or /trpc is ever answered from here.
 */

declare const SW_VERSION: string;
declare const SW_PRECACHE: string[];

// The service worker's own types (lib "WebWorker" cannot sit beside "DOM" in one program): the parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
  readonly action: string;
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const SHELL = `seer-shell-${SW_VERSION}`;
const ASSETS = "seer-assets";
const PAGES = "seer-pages";
const DATA = "seer-data";
const OFFLINE_PAGE = "/offline.html";
/** The page kept readable offline whether or not its address was ever loaded (it is precached). */
const OFFLINE_READABLE = "/profile";
/** The reads /profile shows that stay readable offline: who is signed in, their sessions, their orders. */
const KEPT = new Set(["account.me", "bookings.clientSessions", "account.orders"]);
/** The most pages kept for offline reading, the oldest forgotten first. */
const MAX_PAGES = 30;

worker.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SW_PRECACHE)));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("seer-shell-") && name !== SHELL) await caches.delete(name);
      // A first visit's page is served from here at once; a newer worker comes only through install then waiting.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("message", (event) => {
  // `Reload` on the notice (lib/service-worker.ts): the waiting version takes over, then the page reloads.
  if (event.data === "skip-waiting") event.waitUntil(worker.skipWaiting());
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method === "POST") {
    // Signing out forgets the person's pages and reads on this device; the request itself goes on untouched.
    if (url.pathname === "/api/logout" || (url.pathname.startsWith("/trpc/") && url.pathname.includes("account.signOut"))) {
      event.waitUntil(forgetPerson());
    }
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/trpc/")) {
    const procedures = decodeURIComponent(url.pathname.slice("/trpc/".length)).split(",");
    if (url.searchParams.get("batch") === "1" && procedures.some((p) => KEPT.has(p))) {
      event.respondWith(keptRead(request, url, procedures));
    }
    return;
  }
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(fromCacheFirst(request));
    return;
  }
  if (SW_PRECACHE.includes(url.pathname)) event.respondWith(fromNetworkFirst(request));
});

async function forgetPerson(): Promise<void> {
  await Promise.all([caches.delete(DATA), caches.delete(PAGES)]);
}

/** A hashed build file: the cached copy, else the network's (kept). */
async function fromCacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(ASSETS).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** A precached file that is not hashed (icons, the manifest): the network's, else the shell's copy. */
async function fromNetworkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName: SHELL });
    if (cached) return cached;
    throw error;
  }
}

/** A page: the network's (its last copy kept), else the kept copy, else the offline page. */
async function page(request: Request, url: URL): Promise<Response> {
  try {
    const response = await fetch(request);
    // HTML only: a private file opened as a page (a calendar feed's .ics) is never kept.
    const html = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    if (response.ok && html && response.type === "basic" && !response.redirected) {
      const copy = response.clone();
      void keepPage(url, copy);
    }
    return response;
  } catch {
    const key = url.pathname + url.search;
    const cached =
      (url.pathname === OFFLINE_READABLE ? await caches.match(OFFLINE_READABLE, { cacheName: SHELL }) : undefined) ??
      (await caches.match(key, { cacheName: PAGES })) ??
      (await caches.match(OFFLINE_PAGE, { cacheName: SHELL }));
    return cached ?? Response.error();
  }
}

async function keepPage(url: URL, response: Response): Promise<void> {
  const cache = await caches.open(PAGES);
  await cache.put(url.pathname + url.search, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

/** One procedure's answer in a batch (superjson's shape under `json`). */
type BatchItem = { result: { data: { json: unknown } } } | { error: unknown };

/** Where one procedure's answer to one input is kept: the batch it came in does not matter. */
const keptKey = (procedure: string, input: unknown) =>
  `/__kept/${procedure}?input=${encodeURIComponent(JSON.stringify(input ?? null))}`;

/**
 * A tRPC batch holding some of the kept reads: the network's answer (the kept reads' parts stored one by one), else,
 * offline, the kept parts from the cache and an error for the rest, as tRPC writes one.
 */
async function keptRead(request: Request, url: URL, procedures: string[]): Promise<Response> {
  let inputs: Record<string, unknown>;
  try {
    inputs = JSON.parse(url.searchParams.get("input") ?? "{}") as Record<string, unknown>;
  } catch {
    return fetch(request);
  }
  try {
    const response = await fetch(request);
    if (response.ok || response.status === 207) void keepReads(response.clone(), procedures, inputs);
    return response;
  } catch {
    const cache = await caches.open(DATA);
    const items = await Promise.all(
      procedures.map(async (procedure, i): Promise<BatchItem | undefined> => {
        if (!KEPT.has(procedure)) return undefined;
        const kept = await cache.match(keptKey(procedure, inputs[String(i)]));
        return kept ? ((await kept.json()) as BatchItem) : undefined;
      }),
    );
    if (items.every((item) => item === undefined)) return Response.error();
    const answer = items.map((item, i) => item ?? offlineError(procedures[i] ?? ""));
    const complete = items.every((item) => item !== undefined);
    return new Response(JSON.stringify(answer), {
      status: complete ? 200 : 207,
      headers: { "content-type": "application/json" },
    });
  }
}

const offlineError = (procedure: string): BatchItem => ({
  error: {
    json: {
      message: "You are offline.",
      code: -32603,
      data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 503, path: procedure },
    },
  },
});

async function keepReads(response: Response, procedures: string[], inputs: Record<string, unknown>): Promise<void> {
  const items = (await response.json()) as BatchItem[];
  const kept = procedures.flatMap((procedure, i) => {
    const item = items[i];
    return KEPT.has(procedure) && item && "result" in item ? [{ key: keptKey(procedure, inputs[String(i)]), procedure, item }] : [];
  });
  const me = kept.find((k) => k.procedure === "account.me");
  if (me) {
    // Nobody signed in: nothing of anyone's is kept. Someone else signed in: the last person's reads go first.
    const person = me.item.result.data.json as { id?: unknown } | null;
    const before = await (await caches.open(DATA)).match(me.key);
    const previous = before ? ((await before.json()) as { result?: { data?: { json?: { id?: unknown } | null } } }) : undefined;
    if (!person || (previous && previous.result?.data?.json?.id !== person.id)) await forgetPerson();
    if (!person) return;
  }
  const cache = await caches.open(DATA);
  for (const { key, item } of kept) {
    await cache.put(key, new Response(JSON.stringify(item), { headers: { "content-type": "application/json" } }));
  }
}

/** A web push notification as the server sends it (src-server/platform/push.ts PushMessage). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
  actions?: { action: string; title: string; url: string }[];
}

worker.addEventListener("push", (event) => {
  const message = event.data?.json() as PushMessage | undefined;
  if (!message) return;
  event.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/icon-192.png",
      data: { url: message.url, actions: message.actions ?? [] },
      // `Join` on the 10-minute reminder (Chromium shows actions; other browsers open `url` on a tap).
      ...({ actions: (message.actions ?? []).map(({ action, title }) => ({ action, title })) } as NotificationOptions),
    }),
  );
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url: string; actions: PushMessage["actions"] };
  const url = data.actions?.find((a) => a.action === event.action)?.url ?? data.url;
  // Only our own pages: a page of the app already open goes there, else a new one opens.
  if (new URL(url, worker.location.origin).origin !== worker.location.origin) return;
  event.waitUntil(
    (async () => {
      const [open] = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
      if (open) {
        await open.navigate(url);
        await open.focus();
      } else await worker.clients.openWindow(url);
    })(),
  );
});
