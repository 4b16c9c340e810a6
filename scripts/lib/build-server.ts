import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Compiles the server (src-server/main.ts) to one JavaScript file, as production runs it with no TypeScript loader.
 * Packages stay imports of node_modules (never bundled); only our own code is joined. `outfile` must be inside the
 * repository, for those imports to find node_modules. Resolves to its size in bytes.
 */
export async function buildServer(outfile: string): Promise<number> {
  const result = await build({
    entryPoints: [path.join(root, "src-server/main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  });
  return Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
}
