import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientPages } from "../../../src/domain/pages";

/** The client's routes as TanStack Router's generated tree lists them (trailing slash of index routes dropped). */
function clientRoutes(): string[] {
  const tree = readFileSync(path.resolve(import.meta.dirname, "../../../src-client/routeTree.gen.ts"), "utf8");
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? "";
  return [...block.matchAll(/^\s+"([^"]+)":/gm)].map((m) => (m[1] === "/" ? "/" : (m[1] ?? "").replace(/\/$/, ""))).sort();
}

describe("the server's list of client pages", () => {
  it("names every route of the client, and nothing else, so that no screen answers 404", () => {
    expect(clientRoutes().length).toBeGreaterThan(20);
    expect(Object.keys(clientPages).sort()).toEqual(clientRoutes());
  });
});
