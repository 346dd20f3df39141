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
async function main(db = openDatabase(file as string)): Promise<void> {
  const opened = await db;
  try {
    await plantHostile(opened);
  } finally {
    await opened.close();
  }
  console.log(`planted hostile content in ${file}: ${JSON.stringify(HOSTILE_TARGETS)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
