import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  /** Which upstream served each request and WebSocket upgrade, in order (indexes into `upstreams`). */
  served: number[];
  /** Upstreams taken out of (false) or put back in (true) the rotation by hand (besides the readiness checks). */
  setEnabled(index: number, enabled: boolean): void;
  /**
   * Puts another upstream in the rotation (a rolling deploy's new instance) and answers its index. With readiness
   * checks it gets traffic from its first 200, as the others.
   */
  add(upstream: string): number;
  /** With readiness checks: whether each upstream's last check answered 200. */
  ready(): boolean[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /**
   * `reset` (the default): a request reset on a reused idle connection is sent again to the next upstream, as some
   * proxies do. `never`: once a request was written to an upstream it is never sent again (cloud load balancers);
   * a reset is answered 502. In both, a refused connection goes to the next upstream: nothing reached the app.
   */
  replay?: "reset" | "never";
  /**
   * Active readiness checks: every this many milliseconds each upstream's `readinessPath` is asked (its own
   * connection, 1 s timeout); an upstream is out of the rotation while its last answer was not 200 (one failed
   * check, unhealthy threshold 1) and back at its first 200. Unset: no checks.
   */
  readinessIntervalMs?: number;
  readinessPath?: string;
  /**
   * How many checks in a row must fail before an upstream leaves the rotation (1 by default). A crowded machine's
   * instance may miss one check's 1 s timeout while serving well; 2, as cloud balancers' defaults are, rides that out
   * (a drain must then last longer than interval × threshold + the timeout, docs/deploy.md).
   */
  unhealthyThreshold?: number;
}

/** Headers that belong to one connection, not to the request: never forwarded. */
function withoutHopHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const { connection: _c, "keep-alive": _k, "proxy-connection": _p, upgrade: _u, ...rest } = headers;
  return rest;
}

/**
 * A small load balancer for tests and benchmarks, on 127.0.0.1: each request (and each WebSocket upgrade) goes to
 * the next upstream in turn, among those enabled and (with readiness checks) ready. A request whose upstream refuses
 * the connection is sent to the next one, as a balancer does (nothing reached the app, so nothing is done twice);
 * one that fails later is answered 502, unless `replay` allows sending it again (see ProxyOptions).
 * It adds X-Forwarded-For (so TRUST_PROXY=1 is right behind it) and answers X-Upstream with the index it used.
 */
export async function startRoundRobinProxy(upstreams: string[], options: ProxyOptions = {}): Promise<RoundRobinProxy> {
  const targets = upstreams.map((u) => new URL(u));
  const replayResets = (options.replay ?? "reset") === "reset";
  // Kept-alive connections to each upstream, as a balancer keeps them.
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const enabled = targets.map(() => true);
  const healthy = targets.map(() => true);
  const served: number[] = [];
  let next = 0;
  const pick = (skip: Set<number>): number | undefined => {
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      if (enabled[index] && healthy[index] && !skip.has(index)) {
        next = index + 1;
        return index;
      }
    }
    return undefined;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<number>();
      const attempt = () => {
        const index = pick(tried);
        const target = index === undefined ? undefined : targets[index];
        if (index === undefined || !target) {
          res.writeHead(502, { "content-type": "text/plain" }).end("Bad Gateway: no upstream answered");
          return;
        }
        tried.add(index);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...withoutHopHeaders(req.headers), "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1" },
            agent: agents[index],
          },
          (answer) => {
            served.push(index);
            res.writeHead(answer.statusCode ?? 502, { ...withoutHopHeaders(answer.headers), "x-upstream": String(index) });
            answer.pipe(res);
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          // Refused: nothing reached that instance. Reset on a reused idle connection: the instance closed it before
          // reading the request (a drain). Either way the request is sent to the next one, as a balancer does.
          // (Without replay only the refusal counts: a reset request may have reached the app.)
          const unsent = error.code === "ECONNREFUSED" || (replayResets && error.code === "ECONNRESET" && upstream.reusedSocket);
          if (!res.headersSent && unsent && tried.size < targets.length) {
            attempt();
            return;
          }
          if (!res.headersSent)
            res.writeHead(502, { "content-type": "text/plain" }).end(`Bad Gateway: ${error.code ?? error.message}`);
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt();
    });
  });

  server.on("upgrade", (req, socket, head) => {
    const index = pick(new Set());
    const target = index === undefined ? undefined : targets[index];
    if (index === undefined || !target) return socket.destroy();
    served.push(index);
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });

  // Readiness checks: one at a time per upstream, each on a connection of its own.
  const checkPath = options.readinessPath ?? "/readyz";
  const check = (index: number): Promise<boolean> =>
    new Promise((resolve) => {
      const target = targets[index];
      if (!target) return resolve(false);
      const request = http.get(
        { host: target.hostname, port: target.port, path: checkPath, agent: false, timeout: 1000 },
        (answer) => {
          answer.resume();
          answer.on("end", () => resolve(answer.statusCode === 200));
          answer.on("error", () => resolve(false));
        },
      );
      request.on("timeout", () => request.destroy(new Error("readiness check timed out")));
      request.on("error", () => resolve(false));
    });
  let checking = options.readinessIntervalMs !== undefined;
  const threshold = options.unhealthyThreshold ?? 1;
  const watch = async (index: number) => {
    let failures = 0;
    while (checking) {
      const started = Date.now();
      failures = (await check(index)) ? 0 : failures + 1;
      // A new upstream (never healthy yet) stays out until its first 200.
      healthy[index] = failures === 0 || (healthy[index] === true && failures < threshold);
      const rest = (options.readinessIntervalMs ?? 0) - (Date.now() - started);
      if (rest > 0 && checking) await new Promise((r) => setTimeout(r, rest));
    }
  };
  const loops = targets.map((_, index) => watch(index));

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    setEnabled(index, on) {
      enabled[index] = on;
    },
    add(upstream) {
      const index = targets.push(new URL(upstream)) - 1;
      agents.push(new http.Agent({ keepAlive: true, maxSockets: 256 }));
      enabled.push(true);
      // Checked: out of the rotation until its first 200. Unchecked: in at once.
      healthy.push(!checking);
      loops.push(watch(index));
      return index;
    },
    ready: () => [...healthy],
    close: async () => {
      checking = false;
      await Promise.all(loops);
      await new Promise<void>((resolve) => {
        for (const agent of agents) agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
