import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL from the schema here; migrations are applied by the app at start (db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
