/**
 * PostgreSQL: the basket changes this instance is asked for at the same moment go to the database as one call
 * (migration 0012's `basket_change_many`), with one commit. Nothing waits to fill a batch: the changes that
 * arrive while the event loop handles one round of requests leave together once it is done with them, and a
 * change that comes alone leaves alone. Under a big on-sale's load (many buyers of the same hot ticket) this
 * takes the ticket's lock once per batch instead of once per change, and spends one call's and one commit's
 * work on many changes.
 */
import type { Queryable } from "../db/sql";

/** A ticket added (`add` more) or removed (`add` 0) by `changeInOne`, and the limits it is checked against. */
export interface OneChange {
  sessionId: string;
  ticketId: number;
  add: number;
  clientIp: string | null;
  now: number;
  holdMs: number;
  maxPerOrder: number;
  heldPerClient: number;
  /** whether the call also finds the session (migration 0011), changing nothing when it is not live */
  checkSession: boolean;
}

/** One change as migration 0012 takes it: with the states of unpaid orders and the locks' keys, sorted. */
export interface BatchedChange extends OneChange {
  unpaid: readonly string[];
  lockFirst: number;
  lockSecond: number | null;
}

/** What the function answered for one change (`outcome` not_enough_tickets: rolled back alone). */
export interface BatchedRow {
  session_state: "valid" | "rotated" | "unknown" | null;
  promo_code_id: number | null;
  outcome: string;
  wanted: number | null;
  expires_at: number | null;
  updated_at: number | null;
  ticket_ids: Array<number | string> | null;
  counts: number[] | null;
}

/** At most this many changes in one call: a batch holds the hot ticket's lock while it runs. */
const MOST_IN_A_CALL = 32;

const CALL = `SELECT n, session_state, promo_code_id, outcome, wanted, expires_at, updated_at, ticket_ids, counts
  FROM basket_change_many(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

interface Waiting {
  change: BatchedChange;
  resolve(row: BatchedRow): void;
  reject(err: unknown): void;
}

/** Sends changes in batches on `db` (outside any transaction: each call commits on its own). */
export function changeBatcher(db: Queryable) {
  let waiting: Waiting[] = [];

  async function send(batch: Waiting[]): Promise<void> {
    const c = batch.map((w) => w.change);
    const first = c[0] as BatchedChange;
    try {
      const rows = await db.all<BatchedRow & { n: number }>(CALL, [
        c.map((x) => x.sessionId),
        c.map((x) => x.ticketId),
        c.map((x) => x.add),
        c.map((x) => x.clientIp),
        c.map((x) => x.now),
        first.holdMs,
        c.map((x) => x.maxPerOrder),
        first.heldPerClient,
        first.unpaid,
        c.map((x) => x.lockFirst),
        c.map((x) => x.lockSecond),
        c.map((x) => x.checkSession),
      ]);
      const byN = new Map(rows.map((r) => [Number(r.n), r]));
      batch.forEach((w, i) => {
        const row = byN.get(i + 1);
        if (row) w.resolve(row);
        else w.reject(new Error(`basket_change_many answered no row for change ${i + 1}`));
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  function flush(): void {
    const all = waiting;
    waiting = [];
    // one batch per setting the function takes once (they are the instance's own, so in practice one)
    const groups = new Map<string, Waiting[]>();
    for (const w of all) {
      const key = `${w.change.holdMs} ${w.change.heldPerClient} ${w.change.unpaid.join(",")}`;
      const group = groups.get(key) ?? [];
      group.push(w);
      groups.set(key, group);
    }
    for (const group of groups.values())
      for (let i = 0; i < group.length; i += MOST_IN_A_CALL) void send(group.slice(i, i + MOST_IN_A_CALL));
  }

  return {
    change(change: BatchedChange): Promise<BatchedRow> {
      return new Promise((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ change, resolve, reject });
      });
    },
  };
}
