import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

// The server compiled to one JavaScript file, dist/server/main.js, so that production runs no TypeScript loader.
// Packages stay imports of node_modules (never bundled); only our own code is joined. Part of `npm run build`.
const root = path.resolve(import.meta.dirname, "..");
const result = await build({
  entryPoints: [path.join(root, "src-server/main.ts")],
  outfile: path.join(root, "dist/server/main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`dist/server/main.js: ${(bytes / 1024).toFixed(0)} KB`);
// The last step of `npm run build`: npm start compares the sources' times with this stamp.
writeFileSync(path.join(root, "dist/.build-stamp"), new Date().toISOString());
