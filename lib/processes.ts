/**
 * Starting, waiting for and stopping child processes (the local server, the site's build, nginx,
 * the publisher), for publishing as for the developer commands, the benchmarks and the tests. Each child gets a process group of its own (`detached`),
 * so stopping it also stops what it started in turn (npm -> tsx -> node, gatsby's workers).
 */
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";

export interface StartOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** "inherit": the child writes to our terminal; "quiet": only its stderr, each line prefixed; "pipe": the caller reads it */
  output?: "inherit" | "quiet" | "pipe";
  /**
   * false: the child stays in our process group, so whoever stops us stops it too (a build run
   * by a publish that the publisher stops); default true: a group of its own, stopped whole
   */
  ownGroup?: boolean;
  /** called once when the child ends by itself (not when `stop` ended it) */
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface Started {
  name: string;
  child: ChildProcess;
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once the child has exited */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<Started>();

function prefixed(name: string, chunk: Buffer): string {
  return chunk
    .toString()
    .split("\n")
    .filter(Boolean)
    .map((line) => `[${name}] ${line}\n`)
    .join("");
}

export function startProcess(name: string, command: string, args: string[], options: StartOptions): Started {
  const output = options.output ?? "inherit";
  const stdio: StdioOptions = output === "inherit" ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"];
  const ownGroup = options.ownGroup ?? true;
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio, detached: ownGroup });
  if (output === "quiet") {
    // servers log every request: keep that out of the way unless asked for
    const verbose = process.env.TEST_VERBOSE === "1";
    child.stdout?.on("data", (chunk: Buffer) => verbose && process.stdout.write(prefixed(name, chunk)));
    child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(prefixed(name, chunk)));
  }
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(started);
      if (!stopping) options.onExit?.(code, signal);
      resolve();
    });
    // a command that cannot be started at all emits "error" and never "exit"
    child.once("error", (error) => {
      running.delete(started);
      process.stderr.write(`[${name}] could not be started: ${error.message}\n`);
      if (!stopping) options.onExit?.(null, null);
      resolve();
    });
  });
  const started: Started = {
    name,
    child,
    async stop(graceMs = 5000) {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const signal = (name: NodeJS.Signals) => (ownGroup ? signalGroup(child.pid as number, name) : child.kill(name));
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(started);
  return started;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

/** Whether a process with this id runs (one of another user, which may not be signalled, runs too). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Stops every child started through this module that still runs. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((started) => started.stop()));
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** fail at once when this child has exited instead of waiting for the timeout */
  child?: ChildProcess;
}

/** Resolves once `url` answers 2xx; throws with the last error seen after the timeout. */
export async function waitFor(url: string, what: string, options: WaitOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (options.child && options.child.exitCode !== null)
      throw new Error(`${what} exited with ${options.child.exitCode} before answering at ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s (${last})`);
}

/** True when something already answers at `url` (a port taken by another program). */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}
