import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's root: the nearest folder above this file that holds package.json. The same answer from the
 * TypeScript sources (db/) and from the compiled server (dist/server/main.js), so files found from it (migrations,
 * the built client) are found either way.
 */
export const projectRoot: string = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error("No package.json above the server's files");
    dir = up;
  }
  return dir;
})();
