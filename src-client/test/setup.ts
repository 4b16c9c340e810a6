import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { englishI18n } from "../lib/english";
import { setFallbackI18n } from "../lib/i18n";
import { removeDrawn } from "./drawn";
import { server } from "./msw";

// Screens appear after a lazy route chunk and a mocked request; on a loaded CI machine that can take
// more than Testing Library's default 1 s, so find* queries wait up to 5 s (they return as soon as found).
configure({ asyncUtilTimeout: 5000 });

// Components drawn alone, outside the app's provider, are in English (the app itself reads the page's language).
setFallbackI18n(englishI18n);

// Mantine needs these browser APIs that jsdom lacks.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// ProseMirror (the article editor) measures the selection to keep it in view; jsdom has no layout.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = emptyRect;
document.elementFromPoint = () => null;

// A console.error during a test fails it (ARCHITECTURE.md).
let consoleErrors: unknown[][] = [];
const originalError = console.error;
beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  };
});
afterEach(() => {
  cleanup();
  removeDrawn();
  // The toast store is global and shows one toast at a time: a leftover would hide the next test's toast.
  notifications.clean();
  notifications.cleanQueue();
  server.resetHandlers();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0)
    throw new Error(`console.error was called during the test:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
});
afterAll(() => {
  server.close();
  console.error = originalError;
});
