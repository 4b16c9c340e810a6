import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** The Mantine packages whose components are built from `@mantine/core`'s. */
const PACKAGES = ["@mantine/core", "@mantine/dates", "@mantine/carousel", "@mantine/notifications", "@mantine/charts", "@mantine/tiptap"];

/**
 * Mantine's stylesheet per component instead of the whole sheet (issue #18: 33.7 KB of CSS on the first page, 88%
 * unused). Each client module that imports Mantine components also imports the core stylesheets of those components
 * and of every core component they are built from, found by walking Mantine's own ES modules (a component's
 * `X.module.mjs` is the class map of `@mantine/core/styles/X.css`). Dependencies come first, so the cascade is
 * Mantine's own, and Vite puts each route's styles in that route's chunk. `main.tsx` imports the baseline, the CSS
 * variables and the global styles; the other packages' own sheets are imported where they are used.
 */
export function mantineStylesPerComponent(): Plugin {
  // Mantine's "exports" do not expose package.json, so the folder is found from the project's node_modules.
  const packageDir = (name: string) => {
    const dir = path.resolve(import.meta.dirname, "../../node_modules", name);
    return existsSync(dir) ? dir : undefined;
  };
  const coreStyles = path.join(packageDir("@mantine/core") ?? "", "styles");
  const exportsOf = new Map<string, Map<string, string>>();
  const stylesOfFile = new Map<string, string[]>();

  /** Export name -> the ES module that defines it, read from the package's esm/index.mjs. */
  function exports(pkg: string): Map<string, string> {
    const known = exportsOf.get(pkg);
    if (known) return known;
    const map = new Map<string, string>();
    exportsOf.set(pkg, map);
    const dir = packageDir(pkg);
    const index = dir && path.join(dir, "esm", "index.mjs");
    if (!index || !existsSync(index)) return map;
    for (const match of readFileSync(index, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
      const file = path.resolve(path.dirname(index), match[2] ?? "");
      for (const part of (match[1] ?? "").split(",")) {
        const [imported, local] = part.split(/\s+as\s+/).map((s) => s.trim());
        if (imported) map.set(local ?? imported, file);
      }
    }
    return map;
  }

  /** Named imports of `pkg` in `source` (type-only ones left out). */
  function namedImports(source: string, pkg: string): string[] {
    const names: string[] = [];
    const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg.replace("/", "\\/")}["']`, "g");
    for (const match of source.matchAll(pattern)) {
      for (const part of (match[1] ?? "").split(",")) {
        const trimmed = part.trim();
        if (!trimmed || trimmed.startsWith("type ")) continue;
        const name = trimmed.split(/\s+as\s+/)[0]?.trim();
        if (name) names.push(name);
      }
    }
    return names;
  }

  /** The core stylesheets a Mantine module needs, its dependencies' first. */
  function stylesOf(file: string, visiting = new Set<string>()): string[] {
    const known = stylesOfFile.get(file);
    if (known) return known;
    if (visiting.has(file) || !existsSync(file)) return [];
    visiting.add(file);
    const source = readFileSync(file, "utf8");
    const styles: string[] = [];
    const add = (names: string[]) => {
      for (const name of names) if (!styles.includes(name)) styles.push(name);
    };
    let own: string | undefined;
    for (const match of source.matchAll(/^import\s[^;]*?from\s*["'](\.[^"']+\.mjs)["']/gm)) {
      const target = path.resolve(path.dirname(file), match[1] ?? "");
      const moduleCss = /([^/]+)\.module\.mjs$/.exec(target)?.[1];
      if (moduleCss) {
        if (existsSync(path.join(coreStyles, `${moduleCss}.css`))) own = moduleCss;
        continue;
      }
      add(stylesOf(target, visiting));
    }
    // Another package's component built from core components (a date picker from Popover, Input, ...).
    for (const name of namedImports(source, "@mantine/core")) {
      const target = exports("@mantine/core").get(name);
      if (target) add(stylesOf(target, visiting));
    }
    if (own) add([own]);
    stylesOfFile.set(file, styles);
    return styles;
  }

  return {
    name: "mantine-styles-per-component",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("node_modules") || !/\.tsx?$/.test(id.split("?")[0] ?? "") || !code.includes("@mantine/")) return null;
      const styles: string[] = [];
      for (const pkg of PACKAGES) {
        if (!code.includes(pkg)) continue;
        for (const name of namedImports(code, pkg)) {
          const file = exports(pkg).get(name);
          if (!file) continue;
          for (const style of stylesOf(file)) if (!styles.includes(style)) styles.push(style);
        }
      }
      if (!styles.length) return null;
      const imports = styles.map((s) => `import "@mantine/core/styles/${s}.css";`).join("\n");
      return { code: `${imports}\n${code}`, map: null };
    },
  };
}
