/**
 * What a test compares to tell that requests wrote nothing, on either engine: SQLite counts the rows
 * its one connection changed; on PostgreSQL every table's row count and newest row version (xmin,
 * new on every insert and update) are taken, so an insert, an update or a delete shows.
 */
import type { Db } from "../../server/src/db/database";

export async function writtenRows(db: Db): Promise<string> {
  if (db.engine === "sqlite") return String((await db.one<{ n: number }>("SELECT total_changes() AS n"))?.n);
  const tables = await db.all<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const parts = tables.map(
    ({ name }) => `SELECT '${name}' AS t, COUNT(*) AS n, COALESCE(MAX(xmin::text::bigint), 0) AS x FROM "${name}"`,
  );
  const rows = await db.all<{ t: string; n: number; x: number }>(parts.join(" UNION ALL "));
  return rows
    .map((r) => `${r.t}:${r.n}:${r.x}`)
    .sort()
    .join(" ");
}

/** The number of rows of a table. */
export async function rowCount(db: Db, table: string): Promise<number> {
  return Number((await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0);
}
