/**
 * The waiting rooms of big on-sales (server/src/onsale/cli.ts says what each command does):
 * npm run onsale -- create --event 7 --opens 2026-12-01T10:00:00+04:00 --rate 600
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { openDatabase } from "../src/db/database";
import { runOnsaleCommand, USAGE, UsageError } from "../src/onsale/cli";
import { onsaleService } from "../src/onsale/onsale-service";
import { runCommand } from "./lib/command";

runCommand(
  USAGE,
  UsageError,
  (config) => openDatabase(config.databaseUrl ?? config.databasePath),
  async (db, argv) => runOnsaleCommand(argv, await onsaleService(db, Date.now)),
);
