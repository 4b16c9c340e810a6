import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Starts the built app on a fresh embedded database with demo data; resolves once it is ready. */
export async function serveBuiltApp(port: number): Promise<{ baseURL: string; stop(): void }> {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-script-"));
  const server = spawn(process.execPath, ["--import", "tsx", "src-server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    server.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready at")) resolve();
    });
    server.once("exit", () => reject(new Error(`server exited:\n${out}`)));
  });
  return {
    baseURL,
    stop() {
      server.kill("SIGTERM");
      server.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
    },
  };
}
