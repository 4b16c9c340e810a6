import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeAssets, routeFiles, type ManifestChunk } from "./route-assets";

const root = path.resolve(import.meta.dirname, "../..");
const tree = readFileSync(path.join(root, "src-client/routeTree.gen.ts"), "utf8");

describe("each route's file, read from the generated route tree", () => {
  it("finds every route the tree declares, each with a file that exists", () => {
    const files = routeFiles(tree);
    expect(files.size).toBe(tree.match(/\.update\(\{/g)?.length);
    expect(files.get("/seers/$id")).toBe("routes/seers/$id");
    expect(files.get("/shop/")).toBe("routes/shop/index");
    for (const file of files.values()) expect(existsSync(path.join(root, "src-client", `${file}.tsx`)), file).toBe(true);
  });
});

describe("a route's own stylesheets and code, from Vite's manifest", () => {
  const manifest: Record<string, ManifestChunk> = {
    "index.html": { file: "assets/index-1.js", isEntry: true, css: ["assets/index-1.css"] },
    "routes/shop/index.tsx?tsr-split=component": { file: "assets/shop-1.js", imports: ["index.html", "_Card.js", "_Input.js"] },
    "_Card.js": { file: "assets/Card-1.js", css: ["assets/Card-1.css"], imports: ["_Paper.js"] },
    "_Input.js": { file: "assets/Input-1.js", css: ["assets/Input-1.css"], imports: ["_Paper.js"] },
    "_Paper.js": { file: "assets/Paper-1.js", css: ["assets/Paper-1.css"], imports: ["index.html"] },
  };

  it("follows the chunk's imports for their sheets, once each, leaving out the entry every page loads", () => {
    expect(routeAssets(tree, manifest)["/shop/"]).toEqual({
      css: ["/assets/Card-1.css", "/assets/Paper-1.css", "/assets/Input-1.css"],
      js: ["/assets/shop-1.js", "/assets/Card-1.js", "/assets/Paper-1.js", "/assets/Input-1.js"],
    });
  });

  it("has nothing for a route whose component is not in a chunk of its own", () => {
    expect(routeAssets(tree, manifest)["/seers/$id"]).toBeUndefined();
  });
});
