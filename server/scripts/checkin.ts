/**
 * Check-in lists, devices and reports for the door (server/src/checkin/cli.ts says what each
 * command does): npm run checkin -- list-create --event 7 --name "Gate A"
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { helpAsked } from "../../src/core/command-help";
import { ticketsRepository } from "../src/basket/tickets-repository";
import { checkinService } from "../src/checkin/checkin-service";
import { runCheckinCommand, USAGE, UsageError } from "../src/checkin/cli";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/database";
import { HttpError } from "../src/lib/errors";

if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl ?? config.databasePath);
  const service = checkinService(db, ticketsRepository(db), { siteUrl: config.siteUrl });
  try {
    console.log(await runCheckinCommand(process.argv.slice(2), service, Date.now()));
  } catch (err) {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof HttpError) console.error(err.detail);
    else throw err;
    process.exitCode = 2;
  } finally {
    await db.close();
  }
}

void main();
