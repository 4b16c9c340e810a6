import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

describe("zod in the browser", () => {
  it("parses without ever calling new Function (the CSP forbids eval)", async () => {
    await import("./zod-config");
    expect(z.config().jitless).toBe(true);
    const evalSpy = vi.spyOn(globalThis, "Function");
    const schema = z.object({ name: z.string(), n: z.number() });
    expect(schema.parse({ name: "Ama", n: 1 })).toEqual({ name: "Ama", n: 1 });
    expect(evalSpy).not.toHaveBeenCalled();
    evalSpy.mockRestore();
  });
});
