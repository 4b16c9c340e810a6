import { defineConfig } from "vitest/config";
import { e2eWorkers } from "./e2e/global-setup";

// Journeys in Debian's Chromium against the built app: E2E_WORKERS files at once (1 by default), each worker with an
// app and a database of its own (e2e/global-setup.ts), its files one after another. Two at once on this 2-core machine
// failed journeys that tap or type as soon as a control shows (2026-11-27): one by one until that is understood.
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    maxWorkers: e2eWorkers(),
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: "forks",
    // Pages load data after navigation; give polled expectations the time a real user would wait.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
