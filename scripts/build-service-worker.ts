import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { ManifestChunk } from "./lib/route-assets";

// Part of `npm run build`, after the client's build and before the compression: the service worker (src-client/sw.ts)
// compiled on its own into dist/client/sw.js, with the list of what it precaches (the app's shell) and a version that
// changes whenever one of those files does, so that a new build is a new worker (docs/decisions.md).
const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "dist/client");
const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;

/** The entry's code and styles, with everything it imports statically: what every page loads. */
function shellFiles(): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files];
}

// The faces cut to the product's characters (npm run fonts); Fontsource's full files, for other characters, are kept
// when a page first needs them. Pages' own code is kept as it is loaded (the profile page's is 60 files).
const fonts = readdirSync(path.join(clientDir, "assets"))
  .filter((name) => name.endsWith(".woff2") && name.includes("-subset-"))
  .map((name) => `/assets/${name}`);
const publicFiles = ["/offline.html", "/manifest.webmanifest", "/favicon.svg", "/icon-192.png", "/icon-512.png", "/color-scheme.js"];
const precache = [...new Set([...shellFiles(), ...fonts, ...publicFiles])];

const version = createHash("sha256");
for (const file of precache) version.update(file).update(readFileSync(path.join(clientDir, file)));
version.update(readFileSync(path.join(root, "src-client/sw.ts")));

await build({
  entryPoints: [path.join(root, "src-client/sw.ts")],
  outfile: path.join(clientDir, "sw.js"),
  bundle: true,
  format: "iife",
  target: "es2022",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  define: {
    SW_VERSION: JSON.stringify(version.digest("hex").slice(0, 16)),
    // The profile page's HTML, as the server answers its address: the app's page, which draws from the kept reads.
    SW_PRECACHE: JSON.stringify([...precache, "/profile"]),
  },
});
console.log(`dist/client/sw.js: precaches ${precache.length + 1} files`);
