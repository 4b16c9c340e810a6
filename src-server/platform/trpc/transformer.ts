import type { TRPCDataTransformer } from "@trpc/server";
import superjson from "superjson";

/** Keys superjson refuses (a prototype pollution risk): left to it, so that it refuses them as always. */
const REFUSED_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_DEPTH = 64;

/** superjson's notes on a value: ["Date"] for a date itself, else each date's escaped path under it. */
type Notes = ["Date"] | Record<string, ["Date"]>;
interface Walked {
  json: unknown;
  notes?: Notes;
}

/** A key in one of superjson's paths (pathstringifier.escapeKey). */
const escapeKey = (key: string) => key.replace(/\\/g, "\\\\").replace(/\./g, "\\.");

/** Adds a child's notes under its key, as superjson's walker merges them level by level. */
function noteChild(notes: Record<string, ["Date"]>, key: string, child: Notes): void {
  if (Array.isArray(child)) notes[escapeKey(key)] = child;
  else for (const [path, note] of Object.entries(child)) notes[`${escapeKey(key)}.${path}`] = note;
}

/**
 * The value as superjson would write it, when it is plain JSON data and dates: strings, finite numbers (not -0),
 * booleans, null, valid dates, and arrays and plain objects of those, each object met once (superjson notes an
 * object met twice). Anything else answers null, for superjson itself.
 */
function walk(value: unknown, seen: Set<object>, depth: number): Walked | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return { json: value };
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0) ? { json: value } : null;
    case "object": {
      if (value === null) return { json: null };
      if (depth > MAX_DEPTH || seen.has(value)) return null;
      seen.add(value);
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype === Date.prototype) {
        const date = value as Date;
        return Number.isNaN(date.getTime()) ? null : { json: date.toISOString(), notes: ["Date"] };
      }
      let notes: Record<string, ["Date"]> | undefined;
      if (Array.isArray(value)) {
        let copy: unknown[] | undefined;
        // Holes and extra properties: superjson's own walk decides those.
        if (prototype !== Array.prototype || Object.keys(value).length !== value.length) return null;
        for (let i = 0; i < value.length; i++) {
          const child = walk(value[i], seen, depth + 1);
          if (!child) return null;
          if (child.notes) noteChild((notes ??= {}), String(i), child.notes);
          if (child.json !== value[i]) (copy ??= [...(value as unknown[])])[i] = child.json;
        }
        return notes ? { json: copy ?? value, notes } : { json: copy ?? value };
      }
      if (prototype !== Object.prototype && prototype !== null) return null;
      const record = value as Record<string, unknown>;
      let copy: Record<string, unknown> | undefined;
      for (const key in record) {
        if (!Object.hasOwn(record, key) || REFUSED_KEYS.has(key)) return null;
        const child = walk(record[key], seen, depth + 1);
        if (!child) return null;
        if (child.notes) noteChild((notes ??= {}), key, child.notes);
        if (child.json !== record[key]) (copy ??= { ...record })[key] = child.json;
      }
      return notes ? { json: copy ?? value, notes } : { json: copy ?? value };
    }
    default:
      return null;
  }
}

/**
 * superjson's wire format, made faster for the common case. Most answers are plain data and dates, for which
 * superjson's generic walk (paths copied at every level, every object's identity kept) costs about 90 µs per
 * directory page (issue #18); those are written here in one pass, with exactly superjson's output, json and notes
 * alike. Anything else (undefined, a Map, a BigInt, an object met twice...) goes through superjson itself. The client
 * reads both with superjson, unchanged; transformer.test.ts checks the two agree on any value.
 */
export const transformer: TRPCDataTransformer = {
  serialize(value: unknown) {
    const walked = walk(value, new Set(), 0);
    if (!walked) return superjson.serialize(value);
    return walked.notes ? { json: walked.json, meta: { values: walked.notes, v: 1 } } : { json: walked.json };
  },
  deserialize(payload: unknown) {
    return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
  },
};
