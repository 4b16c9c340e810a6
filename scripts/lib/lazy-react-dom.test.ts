import type { Plugin, ResolvedConfig } from "vite";
import { describe, expect, it } from "vitest";
import { LAZY_REACT_DOM_CLIENT, lazyReactDomClient } from "./lazy-react-dom";

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/** A plugin hook as a plain function (Vite allows `{ handler }` objects too). */
function hook(plugin: Plugin, name: "configResolved" | "resolveId" | "load"): Hook {
  const value = plugin[name] as unknown;
  const fn = typeof value === "function" ? value : (value as { handler: unknown }).handler;
  return fn as Hook;
}

function moduleFor(command: "build" | "serve"): unknown {
  const plugin = lazyReactDomClient();
  hook(plugin, "configResolved").call({}, { command } as ResolvedConfig);
  const id = hook(plugin, "resolveId").call({}, LAZY_REACT_DOM_CLIENT);
  return hook(plugin, "load").call({}, id);
}

describe("lazyReactDomClient", () => {
  it("resolves only its own module", () => {
    const plugin = lazyReactDomClient();
    expect(hook(plugin, "resolveId").call({}, LAZY_REACT_DOM_CLIENT)).toBe(`\0${LAZY_REACT_DOM_CLIENT}`);
    expect(hook(plugin, "resolveId").call({}, "react-dom/client")).toBeNull();
    expect(hook(plugin, "load").call({}, "react-dom/client")).toBeNull();
  });

  it("builds CommonJS, whose require runs only when load() is called", () => {
    const code = String(moduleFor("build"));
    expect(code).toBe('exports.load = () => require("react-dom/client");');
  });

  it("serves an ES module to npm run dev, where CommonJS cannot run", () => {
    const code = String(moduleFor("serve"));
    expect(code).toContain('import * as client from "react-dom/client";');
    expect(code).toContain("export const load = () => client;");
    expect(code).not.toContain("require");
  });
});
