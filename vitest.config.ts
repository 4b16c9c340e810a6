import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: ["src/**/*.test.ts", "src-server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts"],
          globalSetup: ["src-server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        esbuild: { jsx: "automatic" },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src-client/**/*.test.tsx", "src-client/**/*.test.ts"],
          setupFiles: ["src-client/test/setup.ts"],
          testTimeout: 20_000,
          css: false,
        },
      },
    ],
  },
});
