/**
 * Where a running publish is, for the editors' page: the step (reading the catalogue,
 * building, verifying, switching, then compressing with the release live already), the catalogue records read so far (from
 * the build's "catalogue: events ru 120/300" lines), and a progress bar that moves: the
 * steps weighed by how long they took in the last successful publish, the reading by records
 * read, and any other step by its time so far against its time last time (held below its end
 * until the step really ends).
 */
import type { EditorStep } from "./render";

export const DEFAULT_STEP_SECONDS: Record<EditorStep, number> = {
  read: 10,
  build: 20,
  verify: 2,
  switch: 0.5,
  compress: 3,
};

/** The steps in their order (EDITOR_STEPS): live at the switch, compressed after it. */
const ORDER: readonly EditorStep[] = ["read", "build", "verify", "switch", "compress"];

/** The records read so far, per kind and language, from the build's progress lines. */
export class CatalogueProgress {
  private readonly lists = new Map<string, { done: number; total: number }>();
  finishedSeconds: number | null = null;

  /** Takes one output line; true when it was a catalogue line. */
  line(text: string): boolean {
    const read = /catalogue: (events|places|persons|news) (en|ru|ar) (\d+)\/(\d+)/.exec(text);
    if (read) {
      this.lists.set(`${read[1]} ${read[2]}`, { done: Number(read[3]), total: Number(read[4]) });
      return true;
    }
    const finished = /catalogue: read from \S+ in ([\d.]+) s/.exec(text);
    if (finished) {
      this.finishedSeconds = Number(finished[1]);
      return true;
    }
    return false;
  }

  get finished(): boolean {
    return this.finishedSeconds !== null;
  }

  totals(): { done: number; total: number } | null {
    if (this.lists.size === 0) return null;
    let done = 0;
    let total = 0;
    for (const list of this.lists.values()) {
      done += list.done;
      total += list.total;
    }
    return { done, total };
  }
}

/**
 * 0..1: the steps done, plus the share of the current one. `expected` are the seconds of each
 * step in the last successful publish (defaults for the first).
 */
export function overallProgress(
  step: EditorStep | null,
  stepElapsedSeconds: number,
  read: { done: number; total: number } | null,
  expected: Partial<Record<EditorStep, number>> = {},
): number {
  if (step === null) return 0;
  const weight = (s: EditorStep) => Math.max(0.2, expected[s] ?? DEFAULT_STEP_SECONDS[s]);
  const total = ORDER.reduce((sum, s) => sum + weight(s), 0);
  const index = ORDER.indexOf(step);
  const before = ORDER.slice(0, index).reduce((sum, s) => sum + weight(s), 0);
  const within =
    step === "read" && read && read.total > 0
      ? Math.min(1, read.done / read.total)
      : Math.min(0.95, stepElapsedSeconds / weight(step));
  return Math.min(0.99, (before + weight(step) * within) / total);
}
