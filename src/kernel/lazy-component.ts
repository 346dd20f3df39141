/**
 * A component whose code is a chunk of its own (issue 36): a part of a page below its first
 * screen, or shown only on some state, loads while the page hydrates instead of being evaluated
 * before it. Rendered inside a Suspense boundary: during hydration React keeps the server's HTML
 * of the boundary until the chunk is there, then hydrates it, and replays a click made on it
 * meanwhile; the server's render waits for it, so the HTML is the same as without.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((component) => ({ default: component })));
}
