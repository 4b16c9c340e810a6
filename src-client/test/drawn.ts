import { act } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";

// A page as the server draws it, then taken over by React, as main.tsx does (issue #39's tests of early input).

let root: Root | undefined;

/**
 * Unmounts the page taken over and empties the document: called after every test by setup.ts, since the test files of
 * a worker share one document and this module (vitest's isolate is off for the client).
 */
export function removeDrawn(): void {
  if (root) act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
}

/** The page as the server sends it, in a container of the document. */
export function drawn(element: ReactElement): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  return container;
}

/** React takes the drawn page over; unmounted after the test. */
export function hydrate(container: HTMLElement, element: ReactElement): void {
  act(() => {
    root = hydrateRoot(container, element);
  });
}
