/**
 * The waiting rooms of big on-sales (server/src/onsale/cli.ts says what each command does):
 * npm run onsale -- create --event 7 --opens 2026-12-01T10:00:00+04:00 --rate 600
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { helpAsked } from "../../src/core/command-help";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/database";
import { HttpError } from "../src/lib/errors";
import { runOnsaleCommand, USAGE, UsageError } from "../src/onsale/cli";
import { onsaleService } from "../src/onsale/onsale-service";

if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl ?? config.databasePath);
  try {
    console.log(await runOnsaleCommand(process.argv.slice(2), await onsaleService(db, Date.now)));
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
