import type { Db } from "../db/database";
import { inList } from "../db/sql";

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
  /** the "order paid" event the e-mail was made from (order_events.id); null for other e-mails */
  orderEventId: number | null;
  /** the instance delivering it, while its claim runs */
  claimedBy: string | null;
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
  order_event_id: number | null;
  claimed_by: string | null;
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
  orderEventId: r.order_event_id === null ? null : Number(r.order_event_id),
  claimedBy: r.claimed_by,
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
  const entries = async (text: string, params: readonly unknown[]): Promise<OutboxEntry[]> =>
    (await db.all<EntryDb>(text, params)).map(toEntry);
  const changes = async (text: string, params: readonly unknown[]): Promise<number> =>
    (await db.run(text, params)).changes;
  return {
    /**
     * Queues the e-mail of an order event; a second one for the same order and event is ignored.
     * Called inside the transaction that makes the change. True when it was queued now.
     */
    async add(
      orderId: string,
      event: string,
      orderJson: string,
      now: number,
      orderEventId: number | null = null,
    ): Promise<boolean> {
      const queued = await changes(
        `INSERT INTO mail_outbox (order_id, event, order_json, state, attempts, next_at, created_at, order_event_id)
          VALUES (?, ?, ?, 'pending', 0, ?, ?, ?) ON CONFLICT (order_id, event) DO NOTHING`,
        [orderId, event, orderJson, now, now, orderEventId],
      );
      return queued === 1;
    },
    /** An order's e-mails, oldest first. */
    ofOrder(orderId: string): Promise<OutboxEntry[]> {
      return entries("SELECT * FROM mail_outbox WHERE order_id = ? ORDER BY created_at, event", [orderId]);
    },
    async get(orderId: string, event: string): Promise<OutboxEntry | undefined> {
      return (await entries("SELECT * FROM mail_outbox WHERE order_id = ? AND event = ?", [orderId, event]))[0];
    },
    /**
     * Claims up to `limit` pending e-mails that are due and that no instance holds, for `instance`
     * until `now + leaseMs`, oldest due first. On PostgreSQL the rows being claimed by another
     * instance at this moment are skipped (FOR UPDATE SKIP LOCKED), so instances draining together
     * never wait on each other nor take the same e-mail; the guarded update settles what a lock
     * cannot (another process on the same SQLite file). A claim whose instance died runs out and
     * is taken again.
     */
    claim(instance: string, now: number, leaseMs: number, limit: number): Promise<OutboxEntry[]> {
      return db.withTransaction(async () => {
        const free = "state = 'pending' AND next_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)";
        const skipLocked = db.engine === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
        const due = await entries(
          `SELECT * FROM mail_outbox WHERE ${free} ORDER BY next_at, order_id, event LIMIT ?${skipLocked}`,
          [now, now, limit],
        );
        const claimed: OutboxEntry[] = [];
        for (const e of due) {
          const took = await changes(
            `UPDATE mail_outbox SET claimed_by = ?, claimed_until = ? WHERE order_id = ? AND event = ? AND ${free}`,
            [instance, now + leaseMs, e.orderId, e.event, now, now],
          );
          if (took === 1) claimed.push(e);
        }
        return claimed;
      });
    },
    /**
     * Holds a claimed e-mail for another `leaseMs` before it is sent: false when the claim ran out
     * and another instance took it (then this one leaves it alone).
     */
    async renew(instance: string, orderId: string, event: string, until: number): Promise<boolean> {
      const held = await changes(
        `UPDATE mail_outbox SET claimed_until = ? WHERE order_id = ? AND event = ? AND state = 'pending' AND claimed_by = ?`,
        [until, orderId, event, instance],
      );
      return held === 1;
    },
    /** Gives back what `instance` claimed and has not sent (it stops): other instances take it at once. */
    async release(instance: string): Promise<void> {
      await db.run(
        "UPDATE mail_outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ? AND state = 'pending'",
        [instance],
      );
    },
    /**
     * When the earliest pending e-mail is due (or, when an instance holds it, its claim runs out),
     * or null when none is pending.
     */
    async nextDue(): Promise<number | null> {
      const r = await db.one<{ at: number | null }>(
        `SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > next_at THEN claimed_until ELSE next_at END) AS at
          FROM mail_outbox WHERE state = 'pending'`,
      );
      return r?.at ?? null;
    },
    async markSent(orderId: string, event: string, now: number): Promise<boolean> {
      const sent = await changes(
        `UPDATE mail_outbox SET state = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL,
          claimed_by = NULL, claimed_until = NULL WHERE order_id = ? AND event = ? AND state = 'pending'`,
        [now, orderId, event],
      );
      return sent === 1;
    },
    /** One more failed attempt; tried again at `nextAt`. */
    async retryAt(orderId: string, event: string, nextAt: number, error: string): Promise<void> {
      await db.run(
        `UPDATE mail_outbox SET attempts = attempts + 1, next_at = ?, last_error = ?,
          claimed_by = NULL, claimed_until = NULL WHERE order_id = ? AND event = ? AND state = 'pending'`,
        [nextAt, error.slice(0, 500), orderId, event],
      );
    },
    /** Given up after its attempts: kept as failed until someone retries it. */
    async markFailed(orderId: string, event: string, error: string): Promise<void> {
      await db.run(
        `UPDATE mail_outbox SET state = 'failed', attempts = attempts + 1, last_error = ?,
          claimed_by = NULL, claimed_until = NULL WHERE order_id = ? AND event = ? AND state = 'pending'`,
        [error.slice(0, 500), orderId, event],
      );
    },
    list(states: OutboxState[]): Promise<OutboxEntry[]> {
      const wanted = inList(states);
      return entries(
        `SELECT * FROM mail_outbox WHERE state IN ${wanted.text} ORDER BY created_at, order_id, event`,
        wanted.params,
      );
    },
    async counts(): Promise<Record<OutboxState, number>> {
      const out: Record<OutboxState, number> = { pending: 0, sent: 0, failed: 0 };
      const rows = await db.all<{ state: OutboxState; n: number }>(
        "SELECT state, COUNT(*) AS n FROM mail_outbox GROUP BY state",
      );
      for (const r of rows) out[r.state] = Number(r.n);
      return out;
    },
    /** Failed e-mails back to pending, due now: all of them, or one order's (by id or number). Returns how many. */
    retry(now: number, order?: string): Promise<number> {
      const reset =
        "UPDATE mail_outbox SET state = 'pending', attempts = 0, next_at = ?, last_error = NULL WHERE state = 'failed'";
      if (order === undefined) return changes(reset, [now]);
      // by the order's id, or its number as the orders table keeps it
      return changes(`${reset} AND order_id IN (SELECT id FROM orders WHERE id = ? OR number = ?)`, [
        now,
        order,
        order,
      ]);
    },
    /** Forgets e-mails sent before `before` (their orders cannot cause them again). */
    purgeSent(before: number): Promise<number> {
      return changes("DELETE FROM mail_outbox WHERE state = 'sent' AND sent_at < ?", [before]);
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
