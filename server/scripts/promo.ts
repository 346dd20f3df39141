/**
 * Promo codes (server/src/promo/cli.ts says what each command does):
 * npm run promo -- create --code SPRING10 --percent 10 --event 7
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { helpAsked } from "../../src/core/command-help";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/database";
import { runPromoCommand, USAGE, UsageError } from "../src/promo/cli";
import { promoRepository } from "../src/promo/promo-repository";

if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl ?? config.databasePath);
  try {
    console.log(await runPromoCommand(process.argv.slice(2), promoRepository(db), Date.now()));
  } catch (err) {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else throw err;
    process.exitCode = 2;
  } finally {
    await db.close();
  }
}

void main();
