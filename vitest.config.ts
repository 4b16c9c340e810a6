import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const serverFiles = ["src/**/*.test.ts", "src-server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts"];
/** Server test files that use vi.mock: they run isolated (see the server-mocks project). */
const mocking = ["src-server/modules/shop/checkout.test.ts"];
const server = {
  environment: "node",
  globalSetup: ["src-server/test/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
};

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: a single worker on a 2-core machine, which ran
    // all 100 files one after another. The tests spend much of their time waiting (PGlite, argon2, real timers),
    // so two workers there cut the wall time (6 files: 217 s with one, 145 s with two); larger machines keep the
    // default. On a real PostgreSQL (TEST_DATABASE_URL) too: each file clones the migrated template database, and the
    // server suites passed there with two workers (2026-11-28).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...server,
          name: "server",
          include: serverFiles,
          exclude: [...configDefaults.exclude, ...mocking],
          // The files of a worker share its module graph instead of loading it anew each (the project took about
          // 300 s on two cores with isolation, 150 s without). Every file still opens its own database.
          isolate: false,
        },
      },
      {
        // Files that replace a module (vi.mock) need one graph of their own: with a shared one the module is loaded.
        test: { ...server, name: "server-mocks", include: mocking },
      },
      {
        esbuild: { jsx: "automatic" },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src-client/**/*.test.tsx", "src-client/**/*.test.ts"],
          setupFiles: ["src-client/test/setup.ts"],
          // One jsdom and one module graph per worker, not per file: each file paid ~6 s of start-up for ~1 s of
          // tests (the client project took 163 s on two cores, 55 s without isolation). The setup file still runs
          // for every file and resets what tests share (msw handlers, the DOM, Mantine's notifications).
          isolate: false,
          testTimeout: 20_000,
          css: false,
        },
      },
    ],
  },
});
