/**
 * Which days take the whole width of the days grid, so that no cell is left empty beside a
 * day: a day of several events (its events in columns of their own), and the last of a run of
 * single-event days that would otherwise stand alone in its row. The others pair up.
 */
export function wideDays(counts: readonly number[]): boolean[] {
  const wide = counts.map((n) => n > 1);
  let run = 0;
  counts.forEach((n, i) => {
    if (n > 1) {
      run = 0;
      return;
    }
    run += 1;
    const runEnds = i === counts.length - 1 || (counts[i + 1] ?? 0) > 1;
    if (runEnds && run % 2 === 1) wide[i] = true;
  });
  return wide;
}
