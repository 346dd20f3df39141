import { helpAsked } from "../../src/core/command-help";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { DamagedDatabaseError } from "./db/database";
import { type MailNotifier, mailNotifierFor } from "./mail/notifier";

const USAGE = `usage: npm run server   the local catalogue and basket server (sample data in a new database)
settings: PORT (4010), HOST (127.0.0.1), DATABASE_PATH, SITE_URL, SITE_ORIGINS, SMTP_URL (the README lists them all)`;

/** The only file that listens. */
async function main(): Promise<void> {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const config = loadConfig();
  // the order e-mails are delivered from the app's own mail outbox, with its catalogue
  let mailer: MailNotifier | undefined;
  const app = await buildApp({
    config,
    notifier: (deps) =>
      (mailer = mailNotifierFor(config, { catalogue: deps.catalogue, outbox: deps.outbox, wallet: deps.wallet })),
  });
  const stop = async () => {
    // the mailer first: it stops between two e-mails, and what is left waits in the outbox
    await mailer?.close();
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await app.listen({ host: config.host, port: config.port });
  // once, at start: a wallet whose certificates or keys are missing is simply not offered
  for (const note of app.deps.wallet.notes) console.log(note);
  const f = config.faults;
  const faults = f.dead || f.latencyMs || f.rate429 || f.rate503 ? ` faults=${JSON.stringify(f)}` : "";
  console.log(
    `local server on http://${config.host}:${config.port} (database ${config.databasePath}; site origins ${config.siteOrigins.join(", ")})${faults}`,
  );
}

main().catch((err) => {
  // a damaged database is said in words (which file, what to do), without a stack
  console.error(err instanceof DamagedDatabaseError ? err.message : err);
  process.exit(1);
});
