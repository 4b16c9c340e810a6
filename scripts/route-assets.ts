import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { routeAssets, type ManifestChunk } from "./lib/route-assets";

// Part of `npm run build`, after the client and the server renderer: dist/ssr/route-assets.json, each route's own
// stylesheets and code, which the server links in the head of a page it draws (src-server/modules/pages).
const root = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(root, "dist/client/.vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
const tree = readFileSync(path.join(root, "src-client/routeTree.gen.ts"), "utf8");
const assets = routeAssets(tree, manifest);
writeFileSync(path.join(root, "dist/ssr/route-assets.json"), JSON.stringify(assets));
console.log(`dist/ssr/route-assets.json: ${Object.keys(assets).length} routes`);
