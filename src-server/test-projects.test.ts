import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The server project shares one module graph per worker (vitest.config.ts): a file that replaces a module with
// vi.mock must be listed in the server-mocks project, or its mock would silently not apply.
describe("the test projects", () => {
  it("run every server test file that uses vi.mock in the isolated server-mocks project", () => {
    const config = readFileSync("vitest.config.ts", "utf8");
    const listed = /const mocking = \[([^\]]*)\]/.exec(config)?.[1] ?? "";
    const files = ["src", "src-server", "db", "scripts"].flatMap((dir) => globSync(`${dir}/**/*.test.ts`));
    const mocking = files.filter(
      (file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, "utf8")) && file !== "src-server/test-projects.test.ts",
    );
    expect(mocking.length).toBeGreaterThan(0);
    for (const file of mocking) expect(listed, file).toContain(`"${file}"`);
  });
});
