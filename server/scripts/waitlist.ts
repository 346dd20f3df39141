/**
 * The waiting lists of sold-out tickets (server/src/waitlist/cli.ts says what each command does):
 * npm run waitlist -- list --event 7
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { helpAsked } from "../../src/core/command-help";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { HttpError } from "../src/lib/errors";
import { runWaitlistCommand, USAGE, UsageError } from "../src/waitlist/cli";

if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

async function main(): Promise<void> {
  // the app without its timers and without listening: its services on the server's database
  const app = await buildApp({ config: { ...loadConfig(), logger: false, sweepIntervalMs: 0 } });
  try {
    console.log(await runWaitlistCommand(process.argv.slice(2), app.deps));
  } catch (err) {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof HttpError) console.error(err.detail);
    else throw err;
    process.exitCode = 2;
  } finally {
    await app.close();
  }
}

void main();
