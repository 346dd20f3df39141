import type { Server, ServerResponse } from "node:http";
import { helpAsked } from "../../src/core/command-help";
import { buildApp } from "./app";
import { loadConfig, type ServerConfig } from "./config";
import { DamagedDatabaseError } from "./db/database";
import { health } from "./http/health";
import { type MailNotifier, mailNotifierFor } from "./mail/notifier";

const USAGE = `usage: npm run server   the local catalogue and basket server (sample data in a new database)
settings: PORT (4010), HOST (127.0.0.1), DATABASE_PATH, SITE_URL, SITE_ORIGINS, SMTP_URL (the README lists them all)
stopping: SIGTERM or SIGINT finish the requests in flight and exit 0 (docs/SCALING.md)
  SHUTDOWN_GRACE_MS (10000)  the longest the requests in flight are waited for
  SHUTDOWN_DELAY_MS (0)      /health answers 503 "stopping" this long before the port closes`;

/** A duration setting in ms, or the default; anything else stops the start with its name. */
function millis(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000)
    throw new Error(`${name} must be a whole number of milliseconds from 0 to 600000, got "${raw}"`);
  return value;
}

/**
 * The requests the server is answering, so a graceful stop can wait for them; once the stop
 * has begun, every answer closes its connection, so no client keeps sending on it.
 */
function requestsInFlight(server: Server) {
  const active = new Set<ServerResponse>();
  let closing = false;
  let idle: (() => void) | undefined;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.on("request", (_req, res: ServerResponse) => {
    active.add(res);
    if (closing) closeAfter(res);
    res.once("close", () => {
      active.delete(res);
      if (active.size === 0) idle?.();
    });
  });
  return {
    get count() {
      return active.size;
    },
    /** from now on, every answer closes its connection */
    closeConnections(): void {
      closing = true;
      for (const res of active) closeAfter(res);
    },
    /** resolves true once none is left, false when `graceMs` ran out first */
    drained(graceMs: number): Promise<boolean> {
      if (active.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), graceMs);
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
}

/** Where the data is, for the start line: the PostgreSQL server without its password, or the SQLite file. */
function databaseName(config: ServerConfig): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  url.password = "";
  return url.toString();
}

/** The only file that listens. */
async function main(): Promise<void> {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const config = loadConfig();
  const graceMs = millis("SHUTDOWN_GRACE_MS", 10_000);
  const delayMs = millis("SHUTDOWN_DELAY_MS", 0);
  // the order e-mails are delivered from the app's own mail outbox, with its catalogue
  let mailer: MailNotifier | undefined;
  const app = await buildApp({
    config,
    notifier: (deps) =>
      (mailer = mailNotifierFor(config, { catalogue: deps.catalogue, outbox: deps.outbox, wallet: deps.wallet })),
  });
  let stopping = false;
  await app.register(health, {
    ping: async () => {
      await app.deps.db.one("SELECT 1");
    },
    stopping: () => stopping,
  });
  const inFlight = requestsInFlight(app.server);

  // A graceful stop, for a balancer in front of several instances (docs/SCALING.md): /health
  // says "stopping" at once, the port closes (new connections are refused, so nginx sends
  // them, POSTs included, to another instance), the requests in flight finish, and only then
  // does the app close. A second signal does not wait.
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: stopping at once`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping; ${inFlight.count} requests in flight`);
    inFlight.closeConnections();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    app.server.close();
    app.server.closeIdleConnections();
    // the mailer stops between two e-mails meanwhile; what is left waits in the outbox
    const [finished] = await Promise.all([inFlight.drained(graceMs), mailer?.close()]);
    if (!finished) console.error(`${inFlight.count} requests still running after ${graceMs} ms are cut off`);
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await app.listen({ host: config.host, port: config.port });
  // once, at start: a wallet whose certificates or keys are missing is simply not offered
  for (const note of app.deps.wallet.notes) console.log(note);
  const f = config.faults;
  const faults = f.dead || f.latencyMs || f.rate429 || f.rate503 ? ` faults=${JSON.stringify(f)}` : "";
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(
    `local server on http://${config.host}:${port} (database ${databaseName(config)}; site origins ${config.siteOrigins.join(", ")})${faults}`,
  );
}

main().catch((err) => {
  // a damaged database is said in words (which file, what to do), without a stack
  console.error(err instanceof DamagedDatabaseError ? err.message : err);
  process.exit(1);
});
