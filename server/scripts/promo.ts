/**
 * Promo codes (server/src/promo/cli.ts says what each command does):
 * npm run promo -- create --code SPRING10 --percent 10 --event 7
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { openDatabase } from "../src/db/database";
import { runPromoCommand, USAGE, UsageError } from "../src/promo/cli";
import { promoRepository } from "../src/promo/promo-repository";
import { runCommand } from "./lib/command";

runCommand(
  USAGE,
  UsageError,
  (config) => openDatabase(config.databaseUrl ?? config.databasePath),
  (db, argv) => runPromoCommand(argv, promoRepository(db), Date.now()),
);
