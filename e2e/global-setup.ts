import { existsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startApp } from "../scripts/lib/serve";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the app writes its e-mails as .eml files (no SMTP in tests). */
    outboxDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "..");

/** Starts the built app once, on a fresh embedded database with the demo data, like `npm start` would. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "dist/client/index.html"))) {
    throw new Error("The client is not built: run `npm run build` first (npm run test:e2e does).");
  }
  // The compiled server, as production runs it (npm run test:e2e builds it first).
  const app = await startApp({ SEED_DEMO: "true" }, { timeoutMs: 60_000, compiled: true });
  project.provide("baseUrl", app.baseURL);
  project.provide("outboxDir", path.join(app.dataDir, "outbox"));
  return () => app.stop();
}
