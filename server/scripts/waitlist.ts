/**
 * The waiting lists of sold-out tickets (server/src/waitlist/cli.ts says what each command does):
 * npm run waitlist -- list --event 7
 * Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs.
 */

import { buildApp } from "../src/app";
import { runWaitlistCommand, USAGE, UsageError } from "../src/waitlist/cli";
import { runCommand } from "./lib/command";

// the app without its timers and without listening: its services on the server's database
runCommand(
  USAGE,
  UsageError,
  (config) => buildApp({ config: { ...config, logger: false, sweepIntervalMs: 0 } }),
  (app, argv) => runWaitlistCommand(argv, app.deps),
);
