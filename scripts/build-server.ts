import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildServer } from "./lib/build-server";

// The server compiled to one JavaScript file, dist/server/main.js, so that production runs no TypeScript loader.
// Part of `npm run build`.
const root = path.resolve(import.meta.dirname, "..");
const bytes = await buildServer(path.join(root, "dist/server/main.js"));
console.log(`dist/server/main.js: ${(bytes / 1024).toFixed(0)} KB`);
// The last step of `npm run build`: npm start compares the sources' times with this stamp.
writeFileSync(path.join(root, "dist/.build-stamp"), new Date().toISOString());
