import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A git worktree of `ref` beside this checkout, with this checkout's node_modules, built (`npm run build`): a
 * benchmark's baseline, started with `startApp(env, { compiled: true, root })`. `remove` deletes the worktree.
 */
export function buildBaseline(ref: string, here = path.resolve(".")): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), "seer-baseline-"));
  rmSync(root, { recursive: true });
  execFileSync("git", ["worktree", "add", "--detach", "--quiet", root, ref], { stdio: "inherit" });
  const remove = () => execFileSync("git", ["worktree", "remove", "--force", root], { stdio: "inherit" });
  try {
    symlinkSync(path.join(here, "node_modules"), path.join(root, "node_modules"));
    console.error(`Building ${ref} in ${root} ...`);
    // Its output is shown only when the build fails (the error carries it).
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "pipe", maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    remove();
    throw error;
  }
  return { root, remove };
}
