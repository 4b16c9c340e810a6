/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** What a drawn page's head links for one route: its stylesheets and its code (paths from the site's root). */
export interface RouteAssets {
  css: string[];
  js: string[];
}

/** Each route's id and source file, read from TanStack Router's generated route tree. */
export function routeFiles(routeTree: string): Map<string, string> {
  const fileOf = new Map<string, string>();
  for (const m of routeTree.matchAll(/^import \{ Route as (\w+) \} from "\.\/(routes\/[^"]+)"$/gm)) {
    fileOf.set(m[1] ?? "", m[2] ?? "");
  }
  const files = new Map<string, string>();
  for (const m of routeTree.matchAll(/^const \w+ =\s*(\w+)\.update\(\{\s*id: "([^"]+)"/gm)) {
    const file = fileOf.get(m[1] ?? "");
    if (!file) throw new Error(`The route tree imports no file for the route ${m[2]}`);
    files.set(m[2] ?? "", file);
  }
  return files;
}

/**
 * For every route whose component is split into its own chunk: that chunk, the chunks it imports (not the entry's,
 * which every page loads already) and all their stylesheets.
 */
export function routeAssets(routeTree: string, manifest: Record<string, ManifestChunk>): Record<string, RouteAssets> {
  const assets: Record<string, RouteAssets> = {};
  for (const [id, file] of routeFiles(routeTree)) {
    const chunk = manifest[`${file}.tsx?tsr-split=component`];
    if (!chunk) continue;
    const css = new Set<string>();
    const js = new Set<string>();
    const visit = (c: ManifestChunk) => {
      if (c.isEntry || js.has(`/${c.file}`)) return;
      js.add(`/${c.file}`);
      for (const sheet of c.css ?? []) css.add(`/${sheet}`);
      for (const key of c.imports ?? []) {
        const imported = manifest[key];
        if (imported) visit(imported);
      }
    };
    visit(chunk);
    assets[id] = { css: [...css], js: [...js] };
  }
  return assets;
}
