/**
 * Reads the sessions of multi-day events on a worker thread, with a catalogue client of its
 * own (the same rate limit; the build's own client has finished its lists by then).
 *
 * Why a thread: while the sessions are read, the build's main thread plans 37,582 pages and
 * compiles the code, in stretches of seconds that hold up its event loop. A rate limiter on
 * that loop sends nothing while it is held and never makes up the time: at 10,000 events the
 * 1,365 requests took 157 s there against 137 s alone. On a thread of its own the limiter
 * keeps its 10 a second.
 *
 * `readSessionsOnThread` starts the thread (this file, run through tsx, as the build's other
 * TypeScript is); the thread posts its log lines and then the sessions. Node only.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { SessionTimes } from "../core/sessions";
import type { SiteConfig } from "../core/site-config";
import { createBuildCatalogueClient, type ProgressLog, readSessions, type SessionsPlan } from "./source-catalogue";

type ClientConfig = Pick<SiteConfig, "catalogueApiUrl" | "catalogueRateLimit">;

interface ThreadInput {
  role: "sessions-thread";
  config: ClientConfig;
  plan: SessionsPlan;
  currency: string;
}

type ThreadMessage = { log: string } | { sessions: Record<number, SessionTimes[]> } | { error: string };

/**
 * The sessions of `plan`, read on a worker thread. Rejects when the thread cannot start or
 * dies (the caller then reads them on its own thread); a failed request is no rejection
 * (readSessions).
 */
export function readSessionsOnThread(
  config: ClientConfig,
  plan: SessionsPlan,
  currency: string,
  log: ProgressLog = () => {},
): Promise<Record<number, SessionTimes[]>> {
  return new Promise((resolve, reject) => {
    // this file: beside this module when it runs from source, in the site's src/ when it runs
    // from Gatsby's compiled copy of gatsby-node.ts (.cache/compiled/)
    const entry = [path.join(__dirname, "sessions-thread.ts"), path.resolve("src/sourcing/sessions-thread.ts")].find(
      (file) => existsSync(file),
    );
    if (!entry) {
      reject(new Error("found no sessions-thread.ts to run"));
      return;
    }
    const tsx = createRequire(path.resolve("package.json")).resolve("tsx/cjs/api");
    const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
    const input: ThreadInput = { role: "sessions-thread", config, plan, currency };
    const worker = new Worker(code, { eval: true, workerData: input });
    let settled = false;
    worker.on("message", (message: ThreadMessage) => {
      if ("log" in message) log(message.log);
      else if ("sessions" in message) {
        settled = true;
        resolve(message.sessions);
      } else {
        settled = true;
        reject(new Error(message.error));
      }
    });
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (exitCode) => {
      if (!settled) reject(new Error(`the sessions thread ended with ${exitCode} before it answered`));
    });
  });
}

// the thread itself
if (!isMainThread && (workerData as ThreadInput | null)?.role === "sessions-thread") {
  const { config, plan, currency } = workerData as ThreadInput;
  const post = (message: ThreadMessage) => parentPort?.postMessage(message);
  readSessions(createBuildCatalogueClient(config), plan, currency, (line) => post({ log: line }))
    .then((sessions) => post({ sessions }))
    .catch((error: unknown) => post({ error: error instanceof Error ? error.message : String(error) }));
}
