/**
 * What the shop's commands on the server's database share: the database they work on, as the
 * server finds it (`--database <file|url>`, else DATABASE_URL, else DATABASE_PATH), how they show
 * it and times, and how they run and end.
 */
import fs from "node:fs";
import { loadConfig } from "../src/config";
import { isPostgresUrl } from "../src/db/database";

/**
 * Takes `--database <value>` out of `args` (changed in place) and answers the database to open; or,
 * said on standard error, the exit code when there is none: 2 for the option without a value (the
 * usage is printed), 1 for a SQLite file that does not exist.
 */
export function databaseOption(args: string[], usage: string): { location: string } | { exitCode: number } {
  const config = loadConfig();
  let location = config.databaseUrl ?? config.databasePath;
  const at = args.indexOf("--database");
  if (at >= 0) {
    const value = args[at + 1];
    if (!value) {
      console.error(usage);
      return { exitCode: 2 };
    }
    location = value;
    args.splice(at, 2);
  }
  if (!isPostgresUrl(location) && !fs.existsSync(location)) {
    console.error(`no database at ${location} (set DATABASE_URL or DATABASE_PATH, or pass --database)`);
    return { exitCode: 1 };
  }
  return { location };
}

/** The database as a log may show it: a PostgreSQL URL without its password. */
export function shownDatabase(location: string): string {
  if (!isPostgresUrl(location)) return location;
  const url = new URL(location);
  if (url.password) url.password = "***";
  return url.toString();
}

/** A time as the commands print it: UTC, to the second. */
export const isoSecond = (ms: number | null): string =>
  ms === null ? "-" : new Date(ms).toISOString().slice(0, 19).replace("T", " ");

/** Runs a command's main with the process's arguments; its answer is the exit code, a throw prints its message. */
export function runCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
