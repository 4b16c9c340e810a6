import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The Chromium the scripts drive: Debian's, unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningApp {
  baseURL: string;
  /** Its data folder (embedded database, uploads, outbox): a fresh one removed on stop, unless one was given. */
  dataDir: string;
  /** The server process's id (for its memory: /proc/{pid}/status). */
  pid: number;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  /** SIGTERM, then waits for the process to exit and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts src-server/main.ts as `npm start` would after its build, on 127.0.0.1 and a free port, with a fresh data
 * folder; resolves once it prints that it is ready. `env` adds to or overrides the environment (NODE_ENV,
 * DATABASE_URL, SEED_DEMO, ...); by default the embedded database, development mode and demo data.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: {
    timeoutMs?: number;
    dataDir?: string;
    compiled?: boolean | string;
    root?: string;
    port?: number;
    /** The name in its public URL: "localhost" where passkeys are tried (a browser refuses an IP as the relying party). */
    publicHost?: "127.0.0.1" | "localhost";
  } = {},
): Promise<RunningApp> {
  const timeoutMs = options.timeoutMs ?? 100_000;
  // port: a given one (an instance restarted where its balancer expects it), else a free one.
  const port = options.port ?? (await freePort());
  const baseURL = `http://${options.publicHost ?? "127.0.0.1"}:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "seer-app-"));
  // compiled: the server as production runs it, dist/server/main.js from `npm run build` (or the file named, from
  // scripts/lib/build-server.ts), with no TypeScript loader.
  const entry =
    typeof options.compiled === "string"
      ? [options.compiled]
      : options.compiled
        ? ["dist/server/main.js"]
        : ["--import", "tsx", "src-server/main.ts"];
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (to see where a benchmark's
  // time goes; open it in Chromium's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...entry], {
    // root: another checkout's app (a benchmark's baseline build), started the same way.
    cwd: options.root ?? root,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // No balancer in front to wait for: stop() drains at once, even in production mode (tests that drain say so).
      DRAIN_GRACE_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early:\n${output}`);
    }
    if (output.includes("ready at")) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start in ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, dataDir, pid: child.pid ?? 0, output: () => output, stop };
}
