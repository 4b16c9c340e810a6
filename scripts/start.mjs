// `npm start`: builds the client and the server only when a source changed since the last build, then runs the
// compiled server (dist/server/main.js) with plain Node.js: no TypeScript loader in production.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "dist", ".build-stamp");
const inputs = ["src", "src-server", "src-client", "db", "index.html", "vite.config.ts", "package-lock.json", "scripts/build-server.ts", "scripts/lib/build-server.ts"];

/** The newest modification time under `target` (skipping tests, which the build does not read). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || /\.test\.tsx?$/.test(entry)) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const built = existsSync(stamp) && existsSync(path.join(root, "dist/server/main.js")) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map((i) => newest(path.join(root, i))));
if (!built || changed > built) {
  console.log(built ? "Sources changed since the last build: building" : "No build yet: building");
  const run = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
} else {
  console.log("The build is up to date");
}
await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
