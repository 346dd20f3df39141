/**
 * Peak memory of a process tree, for the benchmarks: the sum of the resident sizes of a
 * process and all its descendants, read from /proc (Linux) every `intervalMs`.
 */
import { readdirSync, readFileSync } from "node:fs";

/**
 * The fields of `/proc/<pid>/stat` (or of one thread's, `/proc/<pid>/task/<thread>/stat`) after
 * the command name, which may hold spaces and parentheses: state, ppid, pgrp, session, tty_nr,
 * tpgid, flags, minflt, cminflt, majflt, cmajflt, utime, stime… Undefined once it is gone.
 */
export function statFields(pid: number, thread?: number): string[] | undefined {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

function childrenOf(): Map<number, number[]> {
  const tree = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue; // gone already
    const ppid = Number(fields[1]);
    const list = tree.get(ppid) ?? [];
    list.push(Number(entry));
    tree.set(ppid, list);
  }
  return tree;
}

function rssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** `root` and every live process under it (`root` first). */
export function processTree(root: number): number[] {
  const tree = childrenOf();
  const found: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    found.push(pid);
    stack.push(...(tree.get(pid) ?? []));
  }
  return found;
}

/** The resident size of `root` and every process under it, in KiB. */
export function treeRssKiB(root: number): number {
  return processTree(root).reduce((total, pid) => total + rssKiB(pid), 0);
}

/** Samples the tree under `pid` until stopped; `peakKiB()` is the largest sum seen since the last `reset()`. */
export function sampleTreeMemory(pid: number, intervalMs = 200) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssKiB(pid));
  }, intervalMs);
  timer.unref();
  return {
    peakKiB: () => peak,
    reset: () => {
      peak = 0;
    },
    stop: () => clearInterval(timer),
  };
}
