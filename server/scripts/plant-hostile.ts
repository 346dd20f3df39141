/**
 * Plants hostile HTML into an existing database for the site's security tests.
 *   tsx server/scripts/plant-hostile.ts <database-path>
 */
import fs from "node:fs";
import { openDatabase } from "../src/db/database";
import { HOSTILE_TARGETS, plantHostile } from "../src/seed/plant-hostile";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error("usage: tsx server/scripts/plant-hostile.ts <existing database path>");
  process.exit(2);
}
const db = openDatabase(file);
plantHostile(db);
db.close();
console.log(`planted hostile content in ${file}: ${JSON.stringify(HOSTILE_TARGETS)}`);
