import { defineConfig } from "vitest/config";

// Several instances of the app on one PostgreSQL behind a round-robin proxy (issue #16): `npm run test:scale`,
// with TEST_DATABASE_URL naming a PostgreSQL database (scratch databases are made beside it).
export default defineConfig({
  test: {
    name: "scale",
    environment: "node",
    include: ["e2e/**/*.scale.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
  },
});
