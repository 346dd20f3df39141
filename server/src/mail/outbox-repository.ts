import type { Db } from "../db/database";

export type OutboxState = "pending" | "sent" | "failed";

/** One e-mail an order caused, as the outbox keeps it. */
export interface OutboxEntry {
  orderId: string;
  /** the order's status the e-mail is about: "paid" or "awaiting_payment" */
  event: string;
  /** the order (contract shape) at the moment of the event */
  orderJson: string;
  state: OutboxState;
  attempts: number;
  nextAt: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

type EntryDb = {
  order_id: string;
  event: string;
  order_json: string;
  state: OutboxState;
  attempts: number;
  next_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
};

const toEntry = (r: EntryDb): OutboxEntry => ({
  orderId: r.order_id,
  event: r.event,
  orderJson: r.order_json,
  state: r.state,
  attempts: r.attempts,
  nextAt: r.next_at,
  lastError: r.last_error,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});

/** The order number inside an entry's order, for logs and the admin command. */
export const entryNumber = (e: Pick<OutboxEntry, "orderJson" | "orderId">): string => {
  try {
    return String((JSON.parse(e.orderJson) as { number?: unknown }).number ?? e.orderId);
  } catch {
    return e.orderId;
  }
};

/**
 * The mail outbox: the e-mails orders cause, written in the transaction of the change that
 * causes them, so that an e-mail exists exactly when its order change does, whatever happens
 * to the process afterwards. The mailer delivers from here and notes the outcome.
 */
export function outboxRepository(db: Db) {
  const s = {
    add: db.prepare(
      `INSERT OR IGNORE INTO mail_outbox (order_id, event, order_json, state, attempts, next_at, created_at)
        VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
    ),
    due: db.prepare("SELECT * FROM mail_outbox WHERE state = 'pending' AND next_at <= ? ORDER BY next_at LIMIT ?"),
    nextDue: db.prepare("SELECT MIN(next_at) AS at FROM mail_outbox WHERE state = 'pending'"),
    sent: db.prepare(
      `UPDATE mail_outbox SET state = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL
        WHERE order_id = ? AND event = ? AND state = 'pending'`,
    ),
    later: db.prepare(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_at = ?, last_error = ?
        WHERE order_id = ? AND event = ? AND state = 'pending'`,
    ),
    failed: db.prepare(
      `UPDATE mail_outbox SET state = 'failed', attempts = attempts + 1, last_error = ?
        WHERE order_id = ? AND event = ? AND state = 'pending'`,
    ),
    get: db.prepare("SELECT * FROM mail_outbox WHERE order_id = ? AND event = ?"),
    list: db.prepare("SELECT * FROM mail_outbox WHERE state IN (SELECT value FROM json_each(?)) ORDER BY created_at"),
    counts: db.prepare("SELECT state, COUNT(*) AS n FROM mail_outbox GROUP BY state"),
    retryAll: db.prepare(
      "UPDATE mail_outbox SET state = 'pending', attempts = 0, next_at = ?, last_error = NULL WHERE state = 'failed'",
    ),
    retryOne: db.prepare(
      `UPDATE mail_outbox SET state = 'pending', attempts = 0, next_at = ?, last_error = NULL
        WHERE state = 'failed' AND (order_id = ? OR json_extract(order_json, '$.number') = ?)`,
    ),
    purge: db.prepare("DELETE FROM mail_outbox WHERE state = 'sent' AND sent_at < ?"),
  };
  return {
    /**
     * Queues the e-mail of an order event; a second one for the same order and event is ignored.
     * Called inside the transaction that makes the change. True when it was queued now.
     */
    add(orderId: string, event: string, orderJson: string, now: number): boolean {
      return s.add.run(orderId, event, orderJson, now, now).changes === 1;
    },
    get(orderId: string, event: string): OutboxEntry | undefined {
      const r = s.get.get(orderId, event) as EntryDb | undefined;
      return r && toEntry(r);
    },
    /** Pending e-mails whose next attempt is due, oldest due first. */
    due(now: number, limit: number): OutboxEntry[] {
      return (s.due.all(now, limit) as EntryDb[]).map(toEntry);
    },
    /** When the earliest pending e-mail is due, or null when none is pending. */
    nextDue(): number | null {
      return (s.nextDue.get() as { at: number | null }).at;
    },
    markSent(orderId: string, event: string, now: number): boolean {
      return s.sent.run(now, orderId, event).changes === 1;
    },
    /** One more failed attempt; tried again at `nextAt`. */
    retryAt(orderId: string, event: string, nextAt: number, error: string): void {
      s.later.run(nextAt, error.slice(0, 500), orderId, event);
    },
    /** Given up after its attempts: kept as failed until someone retries it. */
    markFailed(orderId: string, event: string, error: string): void {
      s.failed.run(error.slice(0, 500), orderId, event);
    },
    list(states: OutboxState[]): OutboxEntry[] {
      return (s.list.all(JSON.stringify(states)) as EntryDb[]).map(toEntry);
    },
    counts(): Record<OutboxState, number> {
      const out: Record<OutboxState, number> = { pending: 0, sent: 0, failed: 0 };
      for (const r of s.counts.all() as Array<{ state: OutboxState; n: number }>) out[r.state] = r.n;
      return out;
    },
    /** Failed e-mails back to pending, due now: all of them, or one order's (by id or number). Returns how many. */
    retry(now: number, order?: string): number {
      return order === undefined ? s.retryAll.run(now).changes : s.retryOne.run(now, order, order).changes;
    },
    /** Forgets e-mails sent before `before` (their orders cannot cause them again). */
    purgeSent(before: number): number {
      return s.purge.run(before).changes;
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
