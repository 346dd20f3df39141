import { Worker } from "node:worker_threads";

/**
 * Runs WAL checkpoints on a worker thread with its own connection, so that no request ever
 * waits for the database file to be written back and flushed to disk (SQLite would otherwise
 * do it inside whichever commit crosses the auto-checkpoint size, flushing to disk while a
 * buyer waits). The main connection keeps a large auto-checkpoint as a safety net.
 */
export function startCheckpointer(
  file: string,
  intervalMs: number,
  onError: (err: Error) => void,
): { stop: () => Promise<void> } {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require("node:worker_threads");
    const Database = require(workerData.driver);
    const db = new Database(workerData.file);
    db.pragma("busy_timeout = 1000");
    const timer = setInterval(() => {
      try { db.pragma("wal_checkpoint(PASSIVE)"); } catch { /* busy: next time */ }
    }, workerData.intervalMs);
    parentPort.on("message", () => { clearInterval(timer); db.close(); process.exit(0); });
    `,
    { eval: true, workerData: { file, intervalMs, driver: require.resolve("better-sqlite3") } },
  );
  worker.unref();
  let running = true;
  worker.on("error", (err) => onError(err));
  worker.once("exit", () => (running = false));
  return {
    stop: async () => {
      if (!running) return;
      worker.ref(); // keep the process alive until the worker has closed its connection
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage("stop");
      await exited;
    },
  };
}
