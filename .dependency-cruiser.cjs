/**
 * The boundaries of docs/architecture.md, checked in CI (`npm run boundaries`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "module-internals",
      comment:
        "A module is used by others only through its own index.ts: nothing reaches into another module's files.",
      severity: "error",
      from: { path: "^src-server/modules/([^/]+)/" },
      to: {
        path: "^src-server/modules/[^/]+/",
        pathNot: ["^src-server/modules/$1/", "^src-server/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "module-internals-from-outside",
      comment: "Code outside the modules (app, scripts, tests, seed) uses a module only through its index.ts.",
      severity: "error",
      from: { pathNot: "^src-server/modules/" },
      to: { path: "^src-server/modules/[^/]+/", pathNot: "^src-server/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "platform-imports-no-module",
      comment: "The platform is what every module uses and no module owns: it imports no module.",
      severity: "error",
      from: { path: "^src-server/platform/" },
      to: { path: "^src-server/(modules|app\\.ts|main\\.ts)" },
    },
    {
      name: "src-is-pure",
      comment: "src/ holds pure rules and schemas shared by client and server: no server, client, database or React.",
      severity: "error",
      from: { path: "^src/" },
      to: {
        path: [
          "^(src-server|src-client|db|scripts|e2e)/",
          "(^|/)node_modules/(react|react-dom|@mantine/[^/]+|@tanstack/[^/]+|@trpc/[^/]+|fastify|@fastify/[^/]+|drizzle-orm|postgres|@electric-sql/[^/]+|stripe|nodemailer)/",
        ],
      },
    },
    {
      name: "db-imports-no-server",
      comment:
        "db/ (schema, migrations, seed, password hashing) sits under the server: the server and scripts import it, never the reverse. Its tests may use the server's test database.",
      severity: "error",
      from: { path: "^db/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src-server/" },
    },
    {
      name: "client-imports-router-type-only",
      comment: "The client knows the server only as the AppRouter type, imported in src-client/trpc.ts alone.",
      severity: "error",
      from: { path: "^src-client/", pathNot: "^src-client/trpc\\.ts$" },
      to: { path: "^(src-server|db|scripts)/" },
    },
    {
      name: "client-router-import-is-a-type",
      comment: "src-client/trpc.ts imports the AppRouter type, never server code that would be bundled.",
      severity: "error",
      from: { path: "^src-client/trpc\\.ts$" },
      to: { path: "^(src-server|db)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "rest-shims-touch-no-database",
      comment: "A REST shim calls its module's procedures; the database is the services' business.",
      severity: "error",
      from: { path: "^src-server/modules/[^/]+/(rest|webhooks)\\.ts$" },
      to: { path: ["^db/", "(^|/)node_modules/(drizzle-orm|postgres|@electric-sql/[^/]+)/"] },
    },
    {
      name: "no-circular",
      comment: "Import cycles make load order matter; types alone may refer back.",
      severity: "error",
      from: {},
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
