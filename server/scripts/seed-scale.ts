/**
 * Seeds a new database with generated events for the build benchmarks.
 *   npm run server:seed-scale -- [--events 10000] [--database data/scale.sqlite] [--force]
 * Then: DATABASE_PATH=data/scale.sqlite npm run server
 */
import fs from "node:fs";
import path from "node:path";
import { helpAsked } from "../../src/core/command-help";
import { openDatabase } from "../src/db/database";
import { seedScale } from "../src/seed/seed-scale";

const USAGE = `usage: npm run server:seed-scale -- [--events 10000] [--database data/scale.sqlite] [--force]
  a new database with generated events for the build benchmarks (SCALE_EVENTS, DATABASE_PATH are read too)
  --force              replace the database when it exists
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
const file = path.resolve(arg("database") ?? process.env.DATABASE_PATH ?? "data/scale.sqlite");
if (!Number.isInteger(events) || events < 1) {
  console.error("--events must be a positive integer");
  process.exit(2);
}
if (fs.existsSync(file)) {
  if (!process.argv.includes("--force")) {
    console.error(`${file} exists; pass --force to replace it`);
    process.exit(2);
  }
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
}
const started = Date.now();
const db = openDatabase(file);
const counts = seedScale(db, { events });
db.close();
console.log(
  `seeded ${file}: ${events} events, ${counts.places} places, ${counts.persons} persons, ${counts.news} news in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
