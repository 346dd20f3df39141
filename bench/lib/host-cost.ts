/**
 * What this host charges for memory, which Lighthouse's `benchmarkIndex` (a loop of JavaScript)
 * does not see: a process pays for each 4 KiB page of memory the first time it touches it (a
 * minor page fault), and a browser starting a page touches tens of thousands. On a virtual
 * machine that handles faults in software that costs tens of microseconds a page, which the page
 * benchmarks then count, and Lighthouse multiplies, as the page's own work.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { median } from "./median";
import { processTree, statFields } from "./process-memory";

const PAGE_BYTES = 4096;

export interface PageTouchCost {
  /** pages touched in each round */
  pages: number;
  rounds: number;
  /** microseconds a page, by the clock (median of the rounds) */
  clockUs: number;
  /** microseconds a page, of this process's CPU time (median of the rounds) */
  cpuUs: number;
}

/** Touches `bytes` of fresh memory one byte a page, `rounds` times, and times each page's first touch. */
export function memoryPageCost(bytes = 64 * 1024 * 1024, rounds = 3): PageTouchCost {
  const pages = Math.floor(bytes / PAGE_BYTES);
  const clock: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    // large enough to be mapped fresh for this round, not taken from memory touched before
    const memory = new Uint8Array(pages * PAGE_BYTES);
    for (let i = 0; i < memory.length; i += PAGE_BYTES) memory[i] = 1;
    const used = process.cpuUsage(startCpu);
    clock.push(((performance.now() - start) * 1000) / pages);
    cpu.push((used.user + used.system) / pages);
  }
  return { pages, rounds, clockUs: median(clock), cpuUs: median(cpu) };
}

/** The minor page faults a process (or with `thread`, one of its threads) has taken so far (0 once it is gone). */
export function minorFaults(pid: number, thread?: number): number {
  return Number(statFields(pid, thread)?.[7]) || 0;
}

/** The minor page faults so far of every live process under `root` (not `root` itself), by process id. */
export function childrenFaults(root: number = process.pid): Map<number, number> {
  return new Map(
    processTree(root)
      .filter((pid) => pid !== root)
      .map((pid) => [pid, minorFaults(pid)]),
  );
}

/**
 * The minor page faults so far of the main thread of every Chromium renderer under `root`, by
 * process id: the thread that parses, styles, lays out and runs the page's scripts.
 */
export function rendererMainThreadFaults(root: number = process.pid): Map<number, number> {
  const renderers = processTree(root).filter((pid) => {
    try {
      // a zygote's children rewrite their command line as one string with spaces
      return /(^|[\0 ])--type=renderer([\0 ]|$)/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
    } catch {
      return false;
    }
  });
  return new Map(renderers.map((pid) => [pid, minorFaults(pid, pid)]));
}

/**
 * The faults taken between two snapshots by the processes alive at the second: one that started
 * in between counts from nothing, one that ended counts nothing (its last faults are not read).
 */
export function faultsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, faults] of after) total += Math.max(0, faults - (before.get(pid) ?? 0));
  return total;
}

/** The two figures of a measured cost: "N µs by the clock, M µs of CPU". */
export function pageCostFigures(cost: PageTouchCost): string {
  return `${cost.clockUs.toFixed(2)} µs by the clock, ${cost.cpuUs.toFixed(2)} µs of CPU`;
}

/** One line for a benchmark's output: what a first touch of a page of memory costs here. */
export function describePageCost(cost: PageTouchCost): string {
  return `this host's first touch of a 4 KiB memory page: ${pageCostFigures(cost)} (median of ${cost.rounds} rounds of ${cost.pages} pages)`;
}
