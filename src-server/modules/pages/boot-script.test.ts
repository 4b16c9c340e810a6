import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT } from "./drawn";

// The boot script of a drawn page, run in a stand-in browser whose timers, frames, load event and paint records this
// test moves on by hand: when it asks for the page's code, and in which order.

interface Added {
  rel?: string;
  href?: string;
  src?: string;
  type?: string;
}

function browser({
  paintRecords = true,
  loaded = false,
  paintedBefore = [],
}: { paintRecords?: boolean; loaded?: boolean; paintedBefore?: string[] } = {}) {
  const timers: { at: number; run: () => void }[] = [];
  const frames: (() => void)[] = [];
  const onLoad: (() => void)[] = [];
  const observers: { callback: (list: { getEntriesByName(name: string): unknown[] }) => void; connected: boolean }[] = [];
  const painted: string[] = [...paintedBefore];
  const added: Added[] = [];
  let now = 0;
  const document = {
    readyState: loaded ? "complete" : "interactive",
    head: { appendChild: (element: Added) => added.push({ ...element }) },
    createElement: () => ({}),
    getElementById: (id: string) =>
      id === "seer-boot"
        ? {
            getAttribute: (name: string) =>
              ({
                "data-src": "/assets/index-1.js",
                "data-preload": [1, 2, 3, 4, 5, 6, 7].map((n) => `/assets/r${n}.js`).join(" "),
              })[name] ?? null,
          }
        : null,
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintRecords ? ["largest-contentful-paint", "paint"] : ["navigation"];
    private readonly observer: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]["callback"]) {
      this.observer = { callback, connected: false };
    }
    observe({ type, buffered }: { type: string; buffered?: boolean }) {
      expect(type).toBe("paint");
      this.observer.connected = true;
      observers.push(this.observer);
      if (buffered && painted.length) this.deliver();
    }
    disconnect() {
      this.observer.connected = false;
    }
    private deliver() {
      const entries = [...painted];
      this.observer.callback({ getEntriesByName: (name) => entries.filter((entry) => entry === name) });
    }
  }
  const window: Record<string, unknown> = {
    document,
    PerformanceObserver,
    setTimeout: (run: () => void, ms = 0) => timers.push({ at: now + ms, run }),
    requestAnimationFrame: (run: () => void) => frames.push(run),
    addEventListener: (type: string, run: () => void) => type === "load" && onLoad.push(run),
  };
  window.window = window;
  runInNewContext(BOOT_SCRIPT, window);
  return {
    added,
    /** Runs the timers due within `ms` from now, in order, and those they set that fall due within it too. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = Math.max(now, next.at);
        next.run();
      }
      now = until;
    },
    /** Runs the one timer that is due first, if any is due now. */
    task() {
      timers.sort((a, b) => a.at - b.at);
      if (timers[0] && timers[0].at <= now) timers.shift()?.run();
    },
    frame() {
      for (const run of frames.splice(0)) run();
    },
    load() {
      document.readyState = "complete";
      for (const run of onLoad.splice(0)) run();
    },
    paint(name: string) {
      painted.push(name);
      for (const observer of observers.filter((o) => o.connected))
        observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [name] : []) });
    },
    observing: () => observers.some((o) => o.connected),
  };
}

const preloads = (added: Added[]) => added.filter((a) => a.rel === "modulepreload").map((a) => a.href);

describe("the boot script of a drawn page", () => {
  it("asks for nothing before the page has loaded and been painted, then for the routes' code and the app's last", () => {
    const b = browser();
    b.frame();
    b.advance(10);
    b.paint("first-paint");
    b.frame();
    b.advance(10);
    expect(b.added).toEqual([]);
    // Loaded, but the first contentful paint is not recorded yet.
    b.load();
    b.frame();
    b.advance(10);
    expect(b.added).toEqual([]);
    b.paint("first-contentful-paint");
    expect(b.observing()).toBe(false);
    // After the next frame, in a task of its own: five preloads per task, then the rest, then the app's script.
    expect(b.added).toEqual([]);
    b.frame();
    expect(b.added).toEqual([]);
    b.task();
    expect(preloads(b.added)).toEqual(["/assets/r1.js", "/assets/r2.js", "/assets/r3.js", "/assets/r4.js", "/assets/r5.js"]);
    b.task();
    expect(preloads(b.added)).toHaveLength(7);
    expect(b.added.at(-1)).toEqual({ type: "module", crossOrigin: "", src: "/assets/index-1.js" });
    expect(b.added.filter((a) => a.src)).toHaveLength(1);
  });

  it("finds a paint recorded before it ran, on a page that had loaded by then", () => {
    const b = browser({ loaded: true, paintedBefore: ["first-paint", "first-contentful-paint"] });
    expect(b.observing()).toBe(false);
    b.frame();
    b.task();
    expect(preloads(b.added)).toHaveLength(5);
  });

  it("waits only for the load where the browser keeps no paint records", () => {
    const b = browser({ paintRecords: false });
    b.frame();
    b.advance(10);
    expect(b.added).toEqual([]);
    b.load();
    b.frame();
    b.task();
    expect(preloads(b.added)).toHaveLength(5);
  });

  it("asks for the code after three seconds all the same when the page has not loaded, and only once", () => {
    const b = browser();
    b.advance(2999);
    b.frame();
    expect(b.added).toEqual([]);
    b.advance(1);
    b.frame();
    b.advance(0);
    b.advance(0);
    expect(b.added.filter((a) => a.src)).toHaveLength(1);
    // The load and the paint that come later start nothing more.
    b.load();
    b.paint("first-contentful-paint");
    b.frame();
    b.advance(100);
    expect(b.added).toHaveLength(8);
  });
});
