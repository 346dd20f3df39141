import { AsyncLocalStorage } from "node:async_hooks";
import type BetterSqlite3 from "better-sqlite3";
import { CompiledQuery, type Kysely, type Transaction } from "kysely";

/** The two engines the order server runs on: the embedded SQLite file, or a PostgreSQL server. */
export type Engine = "sqlite" | "postgres";

/** What a write changed: rows touched, and the new row's id where the engine tells it (SQLite). */
export interface RunResult {
  changes: number;
}

/**
 * Runs SQL on the database. Statements are written once with `?` placeholders and SQL both engines
 * understand; where they differ, the caller picks the text by `engine`. Inside `withTransaction`
 * every call, from any repository, runs on the transaction's connection.
 */
export interface Queryable {
  readonly engine: Engine;
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  one<T>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  run(text: string, params?: readonly unknown[]): Promise<RunResult>;
}

// biome-ignore lint/suspicious/noExplicitAny: raw SQL only; the schema lives in the migrations
type AnyKysely = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above
type AnyTransaction = Transaction<any>;

/** Numbers the `?` placeholders `$1, $2, …` for PostgreSQL, leaving quoted text and identifiers alone. */
export function numberPlaceholders(text: string): string {
  let n = 0;
  let out = "";
  let quote: string | undefined;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "?") {
      n += 1;
      out += `$${n}`;
    } else out += ch;
  }
  return out;
}

/**
 * `(?, ?, ?)` and its values, for `x IN …` with a list of any length (an empty list matches
 * nothing): the same text on both engines.
 */
export function inList(values: readonly (string | number)[]): { text: string; params: (string | number)[] } {
  if (values.length === 0) return { text: "(NULL)", params: [] };
  return { text: `(${values.map(() => "?").join(", ")})`, params: [...values] };
}

/** Names of the advisory locks: one namespace per kind of thing locked, so their ids never collide. */
export const LOCKS = {
  /** a ticket category's availability: holds, orders, offers */
  ticket: 1,
  /** a session's basket */
  session: 2,
  /** an order's state */
  order: 3,
  /** an issued ticket at the door */
  issuedTicket: 4,
  /** a promo code's uses */
  promo: 5,
  /** an event's waiting room */
  onsale: 6,
  /** one-off work that one instance does at a time (seeding, redating) */
  singleton: 7,
} as const;
export type LockName = keyof typeof LOCKS;

const current = new AsyncLocalStorage<AnyTransaction>();

/**
 * The order server's database, on either engine, through Kysely's drivers: one code path, raw SQL
 * with `?` placeholders. A transaction is explicit (`withTransaction(async (tx) => …)`) and is found
 * by everything called inside it, so a repository can never write outside the transaction it is
 * part of. On SQLite the one connection serves one transaction at a time: writes never interleave.
 */
export class Database implements Queryable {
  constructor(
    readonly engine: Engine,
    readonly kysely: AnyKysely,
    /** the SQLite connection itself, for what only SQLite has (pragmas, exec of several statements) */
    readonly sqlite?: BetterSqlite3.Database,
  ) {}

  private executor(): AnyKysely | AnyTransaction {
    return current.getStore() ?? this.kysely;
  }

  private compile(text: string, params: readonly unknown[]): CompiledQuery {
    return CompiledQuery.raw(this.engine === "postgres" ? numberPlaceholders(text) : text, params as unknown[]);
  }

  async all<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.executor().executeQuery<T>(this.compile(text, params));
    return result.rows as T[];
  }

  async one<T>(text: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.all<T>(text, params))[0];
  }

  async run(text: string, params: readonly unknown[] = []): Promise<RunResult> {
    const result = await this.executor().executeQuery(this.compile(text, params));
    return { changes: Number(result.numAffectedRows ?? BigInt(result.rows.length)) };
  }

  /** Whether the caller is inside a transaction. */
  inTransaction(): boolean {
    return current.getStore() !== undefined;
  }

  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Called
   * inside a transaction, it joins it.
   */
  async withTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    if (current.getStore()) return work(this);
    // the work's own error is what the caller hears: when SQLite has already rolled back by itself
    // (a full disk), the ROLLBACK Kysely sends after it fails too, and must not hide it
    let failure: { error: unknown } | undefined;
    try {
      return await this.kysely.transaction().execute((trx) =>
        current.run(trx, async () => {
          try {
            return await work(this);
          } catch (error) {
            failure = { error };
            throw error;
          }
        }),
      );
    } catch (error) {
      throw failure ? failure.error : error;
    }
  }

  /**
   * Takes, for the rest of the transaction, the locks of these things (sorted, so two transactions
   * that want the same ones never wait on each other in a circle). PostgreSQL: transaction-scoped
   * advisory locks, so that several server instances take turns. SQLite: nothing to do, since
   * transactions on the one connection already take turns.
   */
  async lock(name: LockName, ids: readonly number[]): Promise<void> {
    if (!this.inTransaction()) throw new Error(`lock(${name}) outside a transaction`);
    if (this.engine !== "postgres") return;
    const sorted = [...new Set(ids.map((id) => id | 0))].sort((a, b) => a - b);
    if (sorted.length === 0) return;
    // one round trip for all of them: a select list is evaluated left to right, so they are still taken in order
    const calls = sorted.map(() => `pg_advisory_xact_lock(${LOCKS[name]}, ?)`).join(", ");
    await this.run(`SELECT ${calls}`, sorted);
  }

  /** Locks by a text key (a session id, an order id), hashed to the lock's id. */
  async lockText(name: LockName, keys: readonly string[]): Promise<void> {
    await this.lock(name, keys.map(hashKey));
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }
}

/** A 32-bit FNV-1a hash: stable across processes, for advisory lock ids of text keys. */
export function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
