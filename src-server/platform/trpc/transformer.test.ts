import { describe, expect, it } from "vitest";
import fc from "fast-check";
import superjson from "superjson";
import { transformer } from "./transformer";

/** What goes on the wire (tRPC sends the serialized value as JSON), or the error thrown. */
function wire(serialize: (value: unknown) => unknown, value: unknown): string {
  try {
    return JSON.stringify({ ok: serialize(value) });
  } catch (error) {
    return `threw ${error instanceof Error ? error.message : String(error)}`;
  }
}

function same(value: unknown): void {
  expect(wire((v) => transformer.serialize(v), value)).toBe(wire((v) => superjson.serialize(v), value));
}

describe("the tRPC transformer", () => {
  it("sends exactly what superjson sends, for any value", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withDate: true,
          withMap: true,
          withSet: true,
          withBigInt: true,
          withNullPrototype: true,
          withSparseArray: true,
          withBoxedValues: true,
          withObjectString: true,
        }),
        (value) => same(value),
      ),
      { numRuns: 2000 },
    );
  });

  it("passes plain data through whole and notes everything else as superjson does", () => {
    const seer = { id: "s-1", name: "Ama", rating: 4.5, tags: ["Ifá", "dreams"], next: null, verified: true };
    expect(transformer.serialize({ items: [seer], total: 1 })).toStrictEqual({ json: { items: [seer], total: 1 } });
    const shared = { a: 1 };
    const day = new Date(Date.UTC(2026, 0, 2));
    for (const value of [
      { at: new Date(Date.UTC(2026, 10, 25)) },
      new Date(0),
      [{ x: day }, new Date(1)],
      { a: [{ x: new Date(2) }, new Date(3)], "b.c\\d": new Date(4), 7: new Date(5) },
      { first: day, again: day },
      { bad: new Date(Number.NaN) },
      Object.assign([1, 2], { extra: new Date(6) }),
      { items: [shared, shared] },
      { note: undefined },
      [1, -0, Number.NaN, Infinity],
      { a: -0 },
      [Number.NaN],
      -Infinity,
      { big: 10n },
      new Map([["a", 1]]),
      undefined,
      "text",
      JSON.parse('{"__proto__": 1}') as unknown,
      { constructor: "x" },
      Object.assign(Object.create(null) as object, { a: 1 }),
    ]) {
      same(value);
    }
    expect(transformer.serialize({ at: new Date(0) })).toStrictEqual({
      json: { at: "1970-01-01T00:00:00.000Z" },
      meta: { values: { at: ["Date"] }, v: 1 },
    });
  });

  it("reads what it sends", () => {
    const value = { at: new Date(Date.UTC(2026, 0, 1)), list: [1, "two"], none: null };
    expect(transformer.deserialize(transformer.serialize(value))).toStrictEqual(value);
  });
});
