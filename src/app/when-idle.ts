/**
 * Runs `task` once the browser has nothing more urgent to do (hydration, the first paint),
 * at the latest after `timeoutMs`; returns the function that cancels it. Work no visitor
 * waits for at start-up (the basket, live prices, prefetching) goes through here.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1);
  return () => window.clearTimeout(timer);
}

/** What counts as the visitor starting to use the page. */
const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

/** Work that waits for the first interaction waits at most this long after the page loads. */
export const INTERACTION_WAIT_MS = 6000;

let interacted = false;
const waiting = new Set<() => void>();

function onFirstInteraction(): void {
  interacted = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, onFirstInteraction, true);
  for (const start of [...waiting]) start();
}

/**
 * Runs `task` when the browser is idle after the visitor's first interaction with the page
 * (a touch, a key, a scroll), or `fallbackMs` after the page loaded if there is none: work
 * that is fresher for running (the basket, live prices in the page's own currency) but that
 * nobody waits for while the page starts. Once the visitor has interacted, it is whenIdle.
 */
export function whenInteracted(task: () => void, fallbackMs = INTERACTION_WAIT_MS): () => void {
  if (interacted) return whenIdle(task);
  if (waiting.size === 0)
    for (const type of INTERACTIONS)
      window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
  let cancelIdle: (() => void) | null = null;
  const start = () => {
    waiting.delete(start);
    window.clearTimeout(timer);
    cancelIdle ??= whenIdle(task);
  };
  waiting.add(start);
  const sinceLoad = Math.max(0, fallbackMs - performance.now());
  const timer = window.setTimeout(start, sinceLoad);
  return () => {
    waiting.delete(start);
    window.clearTimeout(timer);
    cancelIdle?.();
  };
}
