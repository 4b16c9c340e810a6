import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { LAZY_REACT_DOM_CLIENT, lazyReactDomClient } from "./lazy-react-dom";

const dir = mkdtempSync(path.join(os.tmpdir(), "lazy-react-dom-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

declare global {
  var __reactDomEvaluated: number | undefined;
}

/** React DOM's client stood in for by a CommonJS module that counts its evaluations. */
const standIn: Plugin = {
  name: "react-dom-client-stand-in",
  enforce: "pre",
  resolveId: (id) => (id === "react-dom/client" ? path.join(dir, "react-dom-client.cjs") : null),
};

/** Bundles an entry that imports the virtual module, as the client's build does, and imports the result. */
async function bundle(): Promise<{ go: () => { createRoot: string } }> {
  writeFileSync(
    path.join(dir, "react-dom-client.cjs"),
    "globalThis.__reactDomEvaluated = (globalThis.__reactDomEvaluated ?? 0) + 1;\nexports.createRoot = 'createRoot';\n",
  );
  writeFileSync(
    path.join(dir, "entry.js"),
    `import { load } from "${LAZY_REACT_DOM_CLIENT}";\nexport const go = () => load();\n`,
  );
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    root: dir,
    plugins: [standIn, lazyReactDomClient()],
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(dir, "entry.js"), formats: ["es"], fileName: "entry" },
    },
  })) as Rollup.RollupOutput[];
  const chunk = output[0]?.output.find((o): o is Rollup.OutputChunk => o.type === "chunk" && o.isEntry);
  if (!chunk) throw new Error("no entry chunk");
  const file = path.join(dir, "bundle.mjs");
  writeFileSync(file, chunk.code);
  return (await import(pathToFileURL(file).href)) as { go: () => { createRoot: string } };
}

describe("lazyReactDomClient", () => {
  it("keeps React DOM's client in the bundle but evaluates it only when load() is first called", async () => {
    globalThis.__reactDomEvaluated = 0;
    const { go } = await bundle();
    expect(globalThis.__reactDomEvaluated).toBe(0);
    expect(go().createRoot).toBe("createRoot");
    expect(globalThis.__reactDomEvaluated).toBe(1);
    go();
    expect(globalThis.__reactDomEvaluated).toBe(1);
  });

  it("serves an ES module to npm run dev, where CommonJS cannot run", () => {
    const plugin = lazyReactDomClient();
    const hook = <K extends "configResolved" | "resolveId" | "load">(name: K) => {
      const value = plugin[name] as unknown;
      return (typeof value === "function" ? value : (value as { handler: unknown }).handler) as (...args: unknown[]) => unknown;
    };
    hook("configResolved")({ command: "serve" });
    const code = String(hook("load")(hook("resolveId")(LAZY_REACT_DOM_CLIENT)));
    expect(code).toContain('import * as client from "react-dom/client";');
    expect(code).not.toContain("require");
    expect(hook("resolveId")("react-dom/client")).toBeNull();
  });
});
