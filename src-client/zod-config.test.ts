import { describe, expect, it, vi } from "vitest";

describe("zod in the browser", () => {
  it("parses without ever calling new Function (the CSP forbids eval), configured before zod loads", async () => {
    vi.resetModules();
    await import("./zod-config");
    // zod loads after the setting, as in the browser, where zod lives in the pages' own chunks.
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const evalSpy = vi.spyOn(globalThis, "Function");
    const schema = z.object({ name: z.string(), n: z.number() });
    expect(schema.parse({ name: "Ama", n: 1 })).toEqual({ name: "Ama", n: 1 });
    expect(evalSpy).not.toHaveBeenCalled();
    evalSpy.mockRestore();
  });
});
