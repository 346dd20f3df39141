/**
 * Runs `task` once the browser has nothing more urgent to do (hydration, the first paint),
 * at the latest after `timeoutMs`; returns the function that cancels it. Work that the first
 * screen does not need (the basket, live prices, prefetching) goes through here: after the
 * start-up task, and never later than that, since a visitor may be waiting for it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1);
  return () => window.clearTimeout(timer);
}
