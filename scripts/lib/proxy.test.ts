import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startRoundRobinProxy, type RoundRobinProxy } from "./proxy";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** An upstream on 127.0.0.1 whose handler decides each answer; `ready` is what its /readyz says. */
async function upstream(handle?: (req: http.IncomingMessage, res: http.ServerResponse, nth: number) => void) {
  const state = { ready: true, requests: 0 };
  const server = http.createServer((req, res) => {
    if (req.url === "/readyz") return res.writeHead(state.ready ? 200 : 503).end();
    state.requests += 1;
    if (handle) return handle(req, res, state.requests);
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state };
}

async function proxyOf(...args: Parameters<typeof startRoundRobinProxy>): Promise<RoundRobinProxy> {
  const proxy = await startRoundRobinProxy(...args);
  closers.push(() => proxy.close());
  return proxy;
}

/** An upstream that answers its first request on a connection kept alive, and resets the connection on the next. */
const resetsTheSecond = (_req: http.IncomingMessage, res: http.ServerResponse, nth: number) =>
  nth === 1 ? res.end("ok") : res.socket?.destroy();

describe("the test balancer", () => {
  it("sends a request reset on a reused connection to the next upstream by default, and never with replay: never", async () => {
    for (const [replay, third] of [
      [undefined, 200],
      ["never", 502],
    ] as const) {
      const a = await upstream(resetsTheSecond);
      const b = await upstream();
      const proxy = await proxyOf([a.url, b.url], replay ? { replay } : {});
      const statuses: number[] = [];
      // First to a, second to b, third to a on the kept-alive connection, which a resets.
      for (let i = 0; i < 3; i++) statuses.push((await fetch(proxy.url)).status);
      expect(statuses, replay ?? "default").toEqual([200, 200, third]);
      expect(a.state.requests).toBe(2);
    }
  });

  it("still sends a refused request on without replay: nothing reached the app", async () => {
    const b = await upstream();
    const proxy = await proxyOf(["http://127.0.0.1:1", b.url], { replay: "never" });
    const statuses = await Promise.all([0, 1, 2].map(async () => (await fetch(proxy.url)).status));
    expect(statuses).toEqual([200, 200, 200]);
    expect(b.state.requests).toBe(3);
  });

  it("takes an upstream out of the rotation while its /readyz is not 200, and back in at the first 200", async () => {
    const a = await upstream();
    const b = await upstream();
    const proxy = await proxyOf([a.url, b.url], { replay: "never", readinessIntervalMs: 20 });
    b.state.ready = false;
    await expect.poll(() => proxy.ready(), { interval: 10 }).toEqual([true, false]);
    const before = a.state.requests;
    for (let i = 0; i < 4; i++) expect((await fetch(proxy.url)).headers.get("x-upstream")).toBe("0");
    expect(a.state.requests - before).toBe(4);
    expect(b.state.requests).toBe(0);
    b.state.ready = true;
    await expect.poll(() => proxy.ready(), { interval: 10 }).toEqual([true, true]);
    const used = new Set<string | null>();
    for (let i = 0; i < 4; i++) used.add((await fetch(proxy.url)).headers.get("x-upstream"));
    expect([...used].sort()).toEqual(["0", "1"]);
  });

  it("puts an added upstream in the rotation at its first 200, not before", async () => {
    const a = await upstream();
    const b = await upstream();
    b.state.ready = false;
    const proxy = await proxyOf([a.url], { replay: "never", readinessIntervalMs: 20 });
    expect(proxy.add(b.url)).toBe(1);
    expect(proxy.ready()).toEqual([true, false]);
    for (let i = 0; i < 4; i++) expect((await fetch(proxy.url)).headers.get("x-upstream")).toBe("0");
    expect(b.state.requests).toBe(0);
    b.state.ready = true;
    await expect.poll(() => proxy.ready(), { interval: 10 }).toEqual([true, true]);
    const used = new Set<string | null>();
    for (let i = 0; i < 4; i++) used.add((await fetch(proxy.url)).headers.get("x-upstream"));
    expect([...used].sort()).toEqual(["0", "1"]);
    expect(b.state.requests).toBe(2);
  });

  it("with an unhealthy threshold of 2, keeps an upstream whose checks fail one at a time, and takes it out at two in a row", async () => {
    const a = await upstream();
    // b's /readyz fails every other check while `flaky`, every check once not.
    let checks = 0;
    let flaky = true;
    const server = http.createServer((req, res) => {
      if (req.url !== "/readyz") return res.end("ok");
      checks += 1;
      res.writeHead(flaky ? (checks % 2 ? 503 : 200) : 503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
    const b = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const seen: boolean[] = [];
    const proxy = await proxyOf([a.url, b], { readinessIntervalMs: 10, unhealthyThreshold: 2 });
    // Its first check fails (never healthy yet: out); then in at the first 200, and it stays through single failures.
    await expect.poll(() => proxy.ready(), { interval: 5 }).toEqual([true, true]);
    const from = checks;
    const watching = setInterval(() => seen.push(proxy.ready()[1] ?? false), 2);
    await expect.poll(() => checks - from, { interval: 5 }).toBeGreaterThanOrEqual(8);
    clearInterval(watching);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(Boolean)).toBe(true);
    flaky = false;
    await expect.poll(() => proxy.ready(), { interval: 5 }).toEqual([true, false]);
  });
});
