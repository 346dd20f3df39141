import type BetterSqlite3 from "better-sqlite3";
import type { Queryable } from "../sql";

/**
 * One step of the schema, written for each engine. Each runs in a transaction of its own (both
 * engines change their schema transactionally) and is recorded in schema_migrations by name; the
 * names sort in the order the steps run.
 */
export interface Migration {
  name: string;
  /** on SQLite, given the connection itself: several statements run with exec */
  sqlite(db: BetterSqlite3.Database): Promise<void>;
  /** on PostgreSQL, given the transaction: a text without parameters may hold several statements */
  postgres(tx: Queryable): Promise<void>;
}

/** A step only PostgreSQL needs (a server-side function): SQLite runs the same work in the process. */
export const postgresOnly = (name: string, text: string): Migration => ({
  name,
  async sqlite() {},
  async postgres(tx) {
    await tx.run(text);
  },
});
