/**
 * Joins take turns, polls do not wait for them. In an on-sale's first minute thousands of
 * visitors join at once, and a join (a captcha, a session, a place: several writes) costs many
 * times a poll. Run as they come, the joins fill every turn of the event loop, and the polls of the
 * visitors already waiting queue behind them. Here at most `concurrent` joins run at once, each
 * started on a later turn of the loop (setImmediate), so the requests that arrived meanwhile (the
 * polls) are answered first. Joins keep their order of arrival: a later one never overtakes an
 * earlier one, so the back of the queue stays the back.
 */
export function joinTurns(concurrent: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];

  function next(): void {
    if (running >= concurrent) return;
    const start = waiting.shift();
    if (!start) return;
    running++;
    setImmediate(start);
  }

  return <T>(work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        work()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      });
      next();
    });
}
