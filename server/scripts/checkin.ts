/**
 * Check-in lists, devices and reports for the door (server/src/checkin/cli.ts says what each
 * command does): npm run checkin -- list-create --event 7 --name "Gate A"
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { ticketsRepository } from "../src/basket/tickets-repository";
import { checkinService } from "../src/checkin/checkin-service";
import { runCheckinCommand, USAGE, UsageError } from "../src/checkin/cli";
import { openDatabase } from "../src/db/database";
import { runCommand } from "./lib/command";

runCommand(
  USAGE,
  UsageError,
  (config) => openDatabase(config.databaseUrl ?? config.databasePath),
  (db, argv, config) =>
    runCheckinCommand(argv, checkinService(db, ticketsRepository(db), { siteUrl: config.siteUrl }), Date.now()),
);
