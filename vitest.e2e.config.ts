import { defineConfig } from "vitest/config";

// Journeys in Debian's Chromium against the built app, one file at a time (one server, one browser).
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: "forks",
    // Pages load data after navigation; give polled expectations the time a real user would wait.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
