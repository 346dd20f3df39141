/**
 * Seeds a new database with generated events for the build benchmarks.
 *   npm run server:seed-scale -- [--events 10000] [--database data/scale.sqlite] [--force]
 * Then: DATABASE_PATH=data/scale.sqlite npm run server
 */
import fs from "node:fs";
import path from "node:path";
import { helpAsked } from "../../src/core/command-help";
import { isPostgresUrl, isSeeded, openDatabase } from "../src/db/database";
import { seedScale } from "../src/seed/seed-scale";

const USAGE = `usage: npm run server:seed-scale -- [--events 10000] [--database data/scale.sqlite|postgres://…] [--force]
  a new database with generated events for the build benchmarks (SCALE_EVENTS, DATABASE_URL, DATABASE_PATH are read too)
  --force              replace the SQLite file when it exists (a PostgreSQL database must be empty)
then: DATABASE_PATH=data/scale.sqlite npm run server`;
if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const events = Number(arg("events") ?? process.env.SCALE_EVENTS ?? 10_000);
const given = arg("database") ?? process.env.DATABASE_URL ?? process.env.DATABASE_PATH ?? "data/scale.sqlite";
const file = isPostgresUrl(given) ? given : path.resolve(given);
if (!Number.isInteger(events) || events < 1) {
  console.error("--events must be a positive integer");
  process.exit(2);
}
if (!isPostgresUrl(file) && fs.existsSync(file)) {
  if (!process.argv.includes("--force")) {
    console.error(`${file} exists; pass --force to replace it`);
    process.exit(2);
  }
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
}
async function main(): Promise<void> {
  const started = Date.now();
  const db = await openDatabase(file);
  try {
    if (await isSeeded(db)) {
      console.error(`${file} already holds a catalogue; seed an empty database`);
      process.exitCode = 2;
      return;
    }
    const counts = await seedScale(db, { events });
    console.log(
      `seeded ${file}: ${events} events, ${counts.places} places, ${counts.persons} persons, ${counts.news} news in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
