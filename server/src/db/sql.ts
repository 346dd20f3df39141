import { AsyncLocalStorage } from "node:async_hooks";
import type BetterSqlite3 from "better-sqlite3";
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import type pg from "pg";

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

/** How many statement texts are remembered (numbered placeholders, prepared statements' names). */
const TEXTS_KEPT = 1000;

/** The PostgreSQL text of a statement written with `?` placeholders, numbered once per text. */
class PostgresTexts {
  private readonly numbered = new Map<string, { text: string; name: string }>();

  of(text: string): { text: string; name: string | undefined } {
    let kept = this.numbered.get(text);
    if (kept) return kept;
    kept = { text: numberPlaceholders(text), name: `s${this.numbered.size + 1}` };
    // a list of ever new texts (an IN list of any length) is numbered each time and never prepared
    if (this.numbered.size >= TEXTS_KEPT) return { text: kept.text, name: undefined };
    this.numbered.set(text, kept);
    return kept;
  }
}

/** PostgreSQL's answer when a prepared statement's result changed shape (a migration altered its table). */
const isStalePlan = (err: unknown): boolean =>
  (err as { code?: string }).code === "0A000" && /cached plan must not change result type/.test(String(err));

/**
 * The order server's database, on either engine, through Kysely's drivers: one code path, raw SQL
 * with `?` placeholders. A transaction is explicit (`withTransaction(async (tx) => …)`) and is found
 * by everything called inside it, so a repository can never write outside the transaction it is
 * part of. On SQLite the one connection serves one transaction at a time: writes never interleave.
 */
export class Database implements Queryable {
  private readonly texts = new PostgresTexts();

  constructor(
    readonly engine: Engine,
    readonly kysely: AnyKysely,
    /** the SQLite connection itself, for what only SQLite has (pragmas, exec of several statements) */
    readonly sqlite?: BetterSqlite3.Database,
    /**
     * PostgreSQL: the pool Kysely's dialect draws from. A statement outside any transaction goes to it
     * directly, as a prepared statement named once per text: parsed and planned once per connection, and
     * without the connection's round of borrowing through Kysely (the basket's hot path runs there).
     */
    private readonly pool?: pg.Pool,
  ) {}

  private executor(): AnyKysely | AnyTransaction {
    return current.getStore() ?? this.kysely;
  }

  private async execute<T>(text: string, params: readonly unknown[]): Promise<{ rows: T[]; changes: number }> {
    const pg = this.engine === "postgres" ? this.texts.of(text) : undefined;
    if (!pg || !this.pool || this.inTransaction()) {
      const result = await this.executor().executeQuery<T>(CompiledQuery.raw(pg?.text ?? text, params as unknown[]));
      return { rows: result.rows as T[], changes: Number(result.numAffectedRows ?? BigInt(result.rows.length)) };
    }
    const values = params as unknown[];
    // a text without parameters may hold several statements, which only the simple protocol takes
    const name = values.length > 0 ? pg.name : undefined;
    let result: pg.QueryResult;
    try {
      result = await this.pool.query(name ? { name, text: pg.text, values } : { text: pg.text, values });
    } catch (err) {
      // prepared before another instance's migration changed the table: asked again without preparing
      if (!name || !isStalePlan(err)) throw err;
      result = await this.pool.query({ text: pg.text, values });
    }
    // Kysely counts the rows an INSERT, UPDATE or DELETE touched, and the rows of anything else
    const writes = ["INSERT", "UPDATE", "DELETE", "MERGE"].includes(result.command);
    const rows = (result.rows ?? []) as T[];
    return { rows, changes: writes ? (result.rowCount ?? 0) : rows.length };
  }

  async all<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.execute<T>(text, params)).rows;
  }

  async one<T>(text: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.all<T>(text, params))[0];
  }

  async run(text: string, params: readonly unknown[] = []): Promise<RunResult> {
    return { changes: (await this.execute(text, params)).changes };
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
