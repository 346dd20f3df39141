/**
 * One handler for several events of one target, for an effect: `return listen(window,
 * ["popstate", "hashchange"], refresh)` adds it for each and hands the effect what removes
 * them again.
 */
export function listen<E extends Event>(
  target: EventTarget,
  types: readonly string[],
  handler: (event: E) => void,
): () => void {
  const listener = handler as EventListener;
  for (const type of types) target.addEventListener(type, listener);
  return () => {
    for (const type of types) target.removeEventListener(type, listener);
  };
}
