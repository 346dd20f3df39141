import { Worker } from "node:worker_threads";

/**
 * Runs WAL checkpoints on a worker thread with its own connection, so that no request ever
 * waits for the database file to be written back and flushed to disk (SQLite would otherwise
 * do it inside whichever commit crosses the auto-checkpoint size, flushing to disk while a
 * buyer waits). The main connection keeps a large auto-checkpoint as a safety net.
 *
 * A PASSIVE checkpoint lets the WAL be reused from its start but never shrinks the file: after a
 * burst of writes it would stay as large as the burst made it. So once a checkpoint has copied
 * everything and no write came since the last one (the burst is over), a WAL file larger than
 * `truncateBytes` is checkpointed again in TRUNCATE mode, which empties it.
 */
export function startCheckpointer(
  file: string,
  intervalMs: number,
  truncateBytes: number,
  onError: (err: Error) => void,
): { stop: () => Promise<void> } {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require("node:worker_threads");
    const fs = require("node:fs");
    const Database = require(workerData.driver);
    const db = new Database(workerData.file);
    db.pragma("busy_timeout = 1000");
    let lastLog = -1;
    const walSize = () => { try { return fs.statSync(workerData.file + "-wal").size; } catch { return 0; } };
    const timer = setInterval(() => {
      try {
        const r = db.pragma("wal_checkpoint(PASSIVE)")[0];
        const quiet = r.busy === 0 && r.log === r.checkpointed && r.log === lastLog;
        lastLog = r.log;
        if (quiet && walSize() > workerData.truncateBytes) {
          db.pragma("wal_checkpoint(TRUNCATE)");
          lastLog = -1;
        }
      } catch { /* busy: next time */ }
    }, workerData.intervalMs);
    parentPort.on("message", () => { clearInterval(timer); db.close(); process.exit(0); });
    `,
    { eval: true, workerData: { file, intervalMs, truncateBytes, driver: require.resolve("better-sqlite3") } },
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
