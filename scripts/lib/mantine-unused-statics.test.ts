import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type Plugin, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { mantineUnusedStatics } from "./mantine-unused-statics";

const dir = mkdtempSync(path.join(os.tmpdir(), "mantine-statics-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles a module that shows a Button and an ActionIcon, as a page does, with the plugins given. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const entry = path.join(dir, "entry.js");
  const core = path.resolve(import.meta.dirname, "../../node_modules/@mantine/core/esm/index.mjs");
  writeFileSync(entry, `import { ActionIcon, Button } from ${JSON.stringify(core)};\nexport const shown = [Button, ActionIcon];\n`);
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    root: path.resolve(import.meta.dirname, "../.."),
    plugins,
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ["es"], fileName: "out" },
      rolldownOptions: { external: (id) => /^(react|react-dom|clsx)(\/|$)/.test(id) || id.startsWith("@mantine/hooks") },
    },
  })) as Rollup.RollupOutput[];
  return output
    .flatMap((o) => o.output)
    .map((chunk) => (chunk.type === "chunk" ? chunk.code : ""))
    .join("\n");
}

describe("Mantine's Button and ActionIcon in the client's build", () => {
  it("carry their group components without the plugin, and none with it", async () => {
    const plain = await bundle([]);
    expect(plain).toContain("@mantine/core/ButtonGroupSection");
    expect(plain).toContain("@mantine/core/ActionIconGroup");
    const stripped = await bundle([mantineUnusedStatics()]);
    expect(stripped).toContain("@mantine/core/Button");
    expect(stripped).not.toContain("@mantine/core/ButtonGroup");
    expect(stripped).not.toContain("@mantine/core/ActionIconGroup");
  }, 60_000);
});
