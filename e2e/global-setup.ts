import { existsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startApp } from "../scripts/lib/serve";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * One app per worker (vitest.e2e.config.ts runs E2E_WORKERS files at once): its address, and where it writes its
     * e-mails as .eml files (no SMTP in tests). A worker's files use its own app, so journeys that run at the same
     * time never meet in one database.
     */
    e2eApps: { baseUrl: string; outboxDir: string }[];
  }
}

const root = path.resolve(import.meta.dirname, "..");

/** How many journey files run at once (vitest.e2e.config.ts reads the same). */
export function e2eWorkers(): number {
  const n = Number(process.env.E2E_WORKERS ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Starts the built app once per worker, each on a fresh embedded database with the demo data, like `npm start` would. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "dist/client/index.html"))) {
    throw new Error("The client is not built: run `npm run build` first (npm run test:e2e does).");
  }
  // The compiled server, as production runs it (npm run test:e2e builds it first).
  const workers = e2eWorkers();
  const apps = await Promise.all(
    Array.from({ length: workers }, () => startApp({ SEED_DEMO: "true" }, { timeoutMs: 120_000, compiled: true })),
  );
  project.provide(
    "e2eApps",
    apps.map((app) => ({ baseUrl: app.baseURL, outboxDir: path.join(app.dataDir, "outbox") })),
  );
  return () => Promise.all(apps.map((app) => app.stop())).then(() => undefined);
}
