import type { Db } from "../db/database";
import { hashKey } from "../db/sql";
import { sqlStates, UNPAID_STATES } from "../orders/order-states";
import { RESERVED_FOR_OTHERS } from "../promo/promo-reserve-sql";
import { changeBatcher, type OneChange } from "./basket-change-batch";

export interface BasketItemRow {
  ticketId: number;
  count: number;
}
export interface BasketRow {
  sessionId: string;
  expiresAt: number | null;
  updatedAt: number | null;
  items: BasketItemRow[];
}

/** Who holds: the session (its promo code's reserve is theirs to take) and now (codes' validity). */
export interface Holder {
  sessionId: string;
  now: number;
}
// nobody's session at the start of time: every reserve counts
const NOBODY: Holder = { sessionId: "", now: 0 };

/** More than any ticket's max_per_order: the client address's cool-down counts a hold's tickets up to this. */
const MAX_COUNT_PER_HOLD = 1000;

const UPSERT_BASKET = `INSERT INTO baskets (session_id, expires_at, updated_at, client_ip) VALUES (?, ?, ?, ?) ON CONFLICT (session_id) DO UPDATE SET
    expires_at = excluded.expires_at, updated_at = excluded.updated_at, client_ip = COALESCE(excluded.client_ip, baskets.client_ip)`;
const UNPAID_BY_CLIENT = `(SELECT COALESCE(SUM(total_count), 0) FROM orders WHERE client_ip = ? AND status IN ${sqlStates(UNPAID_STATES)})`;

/** The session as `changeInOne` found it: the state, and the promo code a live one carries. */
export type FoundSession = { state: "valid"; promoCodeId: number | null } | { state: "rotated" | "unknown" };
export type OneChangeOutcome =
  | "ok"
  | "unchanged"
  | "expired"
  | "over_max_per_order"
  | "over_limit"
  | "not_enough_tickets";

/** What a change writes to the basket's row: when its hold ends (null: holds nothing), and when it changed. */
export interface BasketTouch {
  expiresAt: number | null;
  now: number;
  clientIp: string | null;
}

const SQL = {
  anyExpired: "SELECT 1 AS x FROM baskets WHERE expires_at IS NOT NULL AND expires_at <= ? LIMIT 1",
  expired: "SELECT session_id FROM baskets WHERE expires_at IS NOT NULL AND expires_at <= ? ORDER BY session_id",
  stillExpired: "SELECT 1 AS x FROM baskets WHERE session_id = ? AND expires_at IS NOT NULL AND expires_at <= ?",
  // the basket and its items in one round trip (no item: one row with a NULL ticket)
  basket: `SELECT b.expires_at, b.updated_at, i.ticket_id, i.count FROM baskets b
    LEFT JOIN basket_items i ON i.session_id = b.session_id WHERE b.session_id = ? ORDER BY i.added_seq, i.ticket_id`,
  itemTickets: "SELECT ticket_id FROM basket_items WHERE session_id = ? ORDER BY ticket_id",
  item: "SELECT count FROM basket_items WHERE session_id = ? AND ticket_id = ?",
  upsertBasket: UPSERT_BASKET,
  // a basket holds tickets exactly when it has an expiry; the partial index baskets_holding_client
  // reads only those, at most heldPerClient of one address, however many empty ones it left behind
  // with the tickets of the address's orders awaiting payment, in one round trip
  heldByClient: {
    sqlite: `SELECT (SELECT COALESCE(SUM(i.count), 0) FROM baskets b INDEXED BY baskets_holding_client
      JOIN basket_items i ON i.session_id = b.session_id
      WHERE b.client_ip = ? AND b.expires_at IS NOT NULL AND b.session_id <> ?) + ${UNPAID_BY_CLIENT} AS n`,
    postgres: `SELECT (SELECT COALESCE(SUM(i.count), 0) FROM baskets b
      JOIN basket_items i ON i.session_id = b.session_id
      WHERE b.client_ip = ? AND b.expires_at IS NOT NULL AND b.client_ip IS NOT NULL AND b.session_id <> ?) + ${UNPAID_BY_CLIENT} AS n`,
  },
  ensure: "INSERT INTO baskets (session_id) VALUES (?) ON CONFLICT (session_id) DO NOTHING",
  // a new item goes after the basket's others, whichever instance added them
  setItem: `INSERT INTO basket_items (session_id, ticket_id, count, added_seq)
    VALUES (?, ?, ?, (SELECT COALESCE(MAX(added_seq), 0) + 1 FROM basket_items WHERE session_id = ?))
    ON CONFLICT (session_id, ticket_id) DO UPDATE SET count = excluded.count`,
  deleteItem: "DELETE FROM basket_items WHERE session_id = ? AND ticket_id = ?",
  // PostgreSQL: the basket's row and its item in one statement (the basket's upsert runs first, whatever follows)
  touchAndSet: `WITH b AS (${UPSERT_BASKET} RETURNING session_id)
    INSERT INTO basket_items (session_id, ticket_id, count, added_seq)
    SELECT b.session_id, ?, ?, (SELECT COALESCE(MAX(added_seq), 0) + 1 FROM basket_items WHERE session_id = b.session_id) FROM b
    ON CONFLICT (session_id, ticket_id) DO UPDATE SET count = excluded.count`,
  touchAndDelete: `WITH b AS (${UPSERT_BASKET} RETURNING session_id)
    DELETE FROM basket_items WHERE session_id = (SELECT session_id FROM b) AND ticket_id = ?`,
  deleteItems: "DELETE FROM basket_items WHERE session_id = ?",
  // the guard of every hold: seats promo codes reserve are left to their holders (server/src/promo/promo-reserve-sql.ts);
  // on PostgreSQL a ticket added or removed takes basket_change() instead (migration 0010), whose guarded
  // UPDATE must say the same (a condition added here is added there, in a new migration)
  hold: `UPDATE tickets SET held = held + ? WHERE id = ? AND total - sold - held - ${RESERVED_FOR_OTHERS} >= ?`,
  unhold: "UPDATE tickets SET held = held - ? WHERE id = ?",
  sell: "UPDATE tickets SET held = held - ?, sold = sold + ? WHERE id = ?",
  releaseAll:
    "UPDATE tickets SET held = held - (SELECT count FROM basket_items i WHERE i.session_id = ? AND i.ticket_id = tickets.id) WHERE id IN (SELECT ticket_id FROM basket_items WHERE session_id = ?)",
  expire: "UPDATE baskets SET expires_at = NULL, updated_at = ? WHERE session_id = ?",
  copyBasket:
    "INSERT INTO baskets (session_id, expires_at, updated_at, client_ip) SELECT ?, expires_at, updated_at, client_ip FROM baskets WHERE session_id = ?",
  moveItems: "UPDATE basket_items SET session_id = ? WHERE session_id = ?",
  dropBasket: "DELETE FROM baskets WHERE session_id = ?",
  // what a hold that ran out leaves behind: its session and its buyers (the e-mail addresses of the
  // session's orders) wait before holding those tickets again
  coolSession: `INSERT INTO throttle_hits (scope, key, at)
    SELECT 'hold-expired-session', session_id || ' ' || ticket_id, CAST(? AS BIGINT) FROM basket_items WHERE session_id = ?`,
  coolBuyer: `INSERT INTO throttle_hits (scope, key, at) SELECT DISTINCT 'hold-expired-buyer', o.email_key || ' ' || i.ticket_id, CAST(? AS BIGINT)
    FROM basket_items i JOIN session_orders so ON so.session_id = i.session_id JOIN orders o ON o.id = so.order_id
    WHERE i.session_id = ?`,
  // and its client address, one hit per ticket: the address waits only once many tickets ran out from it
  // (holdCooldownClientTickets), so one visitor behind a shared address does not block everyone there
  coolClient: `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${MAX_COUNT_PER_HOLD})
    INSERT INTO throttle_hits (scope, key, at) SELECT 'hold-expired-client', b.client_ip || ' ' || i.ticket_id, CAST(? AS BIGINT)
    FROM basket_items i JOIN baskets b ON b.session_id = i.session_id JOIN n ON n.k <= i.count
    WHERE i.session_id = ? AND b.client_ip IS NOT NULL`,
  buyers:
    "SELECT DISTINCT o.email_key FROM session_orders so JOIN orders o ON o.id = so.order_id WHERE so.session_id = ? ORDER BY o.email_key",
};

/**
 * Baskets and their holds. A basket item holds `count` tickets: they are counted in
 * tickets.held until the basket expires, is cleared or becomes an order. Every change runs
 * inside one transaction, so two buyers can never hold the same last ticket.
 */
export function basketsRepository(db: Db) {
  // PostgreSQL: the changes asked for at the same moment leave as one call
  const batcher = changeBatcher(db);
  const count = async (text: string, params: readonly unknown[]): Promise<number> =>
    Number((await db.one<{ n: number }>(text, params))?.n ?? 0);

  const repo = {
    /** Releases the holds of every basket whose time is up. Cheap when there is none. */
    async releaseExpired(now: number): Promise<number> {
      if ((await db.one(SQL.anyExpired, [now])) === undefined) return 0;
      const ids = (await db.all<{ session_id: string }>(SQL.expired, [now])).map((r) => r.session_id);
      let released = 0;
      for (const id of ids) {
        // every instance sweeps: under the basket's lock, only the first to get there finds it still expired and
        // releases it (and counts its cool-down) once; a buyer's change of it waits for the same lock
        const done = await db.withTransaction(async () => {
          await db.lockText("session", [id]);
          if ((await db.one(SQL.stillExpired, [id, now])) === undefined) return false;
          await db.run(SQL.coolSession, [now, id]);
          await db.run(SQL.coolBuyer, [now, id]);
          await db.run(SQL.coolClient, [now, id]);
          await repo.releaseBasket(id, now);
          return true;
        });
        if (done) released += 1;
      }
      return released;
    },
    /** Must run inside a transaction. */
    async releaseBasket(sessionId: string, now: number): Promise<void> {
      // its tickets' rows change together: taken in one order (sorted), as every change of several tickets does
      const ids = await db.all<{ ticket_id: number }>(SQL.itemTickets, [sessionId]);
      await db.lock(
        "ticket",
        ids.map((r) => Number(r.ticket_id)),
      );
      await db.run(SQL.releaseAll, [sessionId, sessionId]);
      await db.run(SQL.deleteItems, [sessionId]);
      await db.run(SQL.expire, [now, sessionId]);
    },
    /** The basket of `from`, with its holds, now belongs to `to` (a new session id). Inside a transaction. */
    async moveTo(from: string, to: string): Promise<void> {
      if ((await db.run(SQL.copyBasket, [to, from])).changes === 0) return;
      await db.run(SQL.moveItems, [to, from]);
      await db.run(SQL.dropBasket, [from]);
    },
    /** The basket, its items in the order they were first added. */
    async get(sessionId: string): Promise<BasketRow | null> {
      type Row = {
        expires_at: number | null;
        updated_at: number | null;
        ticket_id: number | null;
        count: number | null;
      };
      const rows = await db.all<Row>(SQL.basket, [sessionId]);
      const b = rows[0];
      if (!b) return null;
      const items = rows.flatMap((r) =>
        r.ticket_id === null ? [] : [{ ticketId: Number(r.ticket_id), count: Number(r.count) }],
      );
      return { sessionId, expiresAt: b.expires_at, updatedAt: b.updated_at, items };
    },
    async heldCount(sessionId: string, ticketId: number): Promise<number> {
      return (await db.one<{ count: number }>(SQL.item, [sessionId, ticketId]))?.count ?? 0;
    },
    /**
     * Holds `delta` more tickets (negative releases); false when not enough are left. Inside a transaction.
     * The seats of promo codes' reserves are not enough for a session that has not entered the code:
     * `by` names the session, and the time its code's validity is read at.
     */
    async adjustHold(ticketId: number, delta: number, by: Holder = NOBODY): Promise<boolean> {
      if (delta > 0) {
        // the reserve is read from other rows (a code's orders): under the category's lock, as orders take it,
        // so that on PostgreSQL the guard's snapshot follows an order's expiry that gives seats back to a reserve
        await db.lock("ticket", [ticketId]);
        return (await db.run(SQL.hold, [delta, ticketId, by.now, by.sessionId, delta])).changes === 1;
      }
      if (delta < 0) await db.run(SQL.unhold, [-delta, ticketId]);
      return true;
    },
    async setItem(sessionId: string, ticketId: number, count: number): Promise<void> {
      if (count <= 0) await db.run(SQL.deleteItem, [sessionId, ticketId]);
      else {
        await db.run(SQL.ensure, [sessionId]);
        await db.run(SQL.setItem, [sessionId, ticketId, count, sessionId]);
      }
    },
    async touch(
      sessionId: string,
      expiresAt: number | null,
      now: number,
      clientIp: string | null = null,
    ): Promise<void> {
      await db.run(SQL.upsertBasket, [sessionId, expiresAt, now, clientIp]);
    },
    /**
     * Sets the basket's item of `ticketId` to `count` (0 removes it) and writes the basket's row:
     * one round trip on PostgreSQL. Inside a transaction.
     */
    async write(sessionId: string, ticketId: number, count: number, basket: BasketTouch): Promise<void> {
      const row = [sessionId, basket.expiresAt, basket.now, basket.clientIp];
      if (db.engine === "postgres") {
        await db.run(
          count > 0 ? SQL.touchAndSet : SQL.touchAndDelete,
          count > 0 ? [...row, ticketId, count] : [...row, ticketId],
        );
        return;
      }
      await db.run(SQL.upsertBasket, row);
      if (count > 0) await db.run(SQL.setItem, [sessionId, ticketId, count, sessionId]);
      else await db.run(SQL.deleteItem, [sessionId, ticketId]);
    },
    /**
     * PostgreSQL only: adds or removes one ticket in one round trip, outside any transaction (the
     * function of migration 0010 takes the basket's and the address's locks, checks the limit per
     * order and the address's cap, holds with a guarded update, writes the item and the basket's
     * row, and commits). Returns what it decided, the count it wanted, and the basket after it.
     */
    async changeInOne(c: OneChange): Promise<{
      /** undefined when the call was refused: what it found of the session was rolled back with it */
      session: FoundSession | undefined;
      outcome: OneChangeOutcome;
      wanted: number;
      basket: BasketRow;
    }> {
      // the same keys, sorted the same way, as `lockText("session", …)` takes them on the TypeScript path
      const keys = [
        hashKey(c.sessionId),
        ...(c.add > 0 && c.clientIp !== null ? [hashKey(`client ${c.clientIp}`)] : []),
      ];
      keys.sort((a, b) => a - b);
      const r = await batcher.change({
        ...c,
        unpaid: UNPAID_STATES,
        lockFirst: keys[0] as number,
        lockSecond: keys[1] ?? null,
      });
      const none = { sessionId: c.sessionId, expiresAt: null, updatedAt: null, items: [] };
      // refused: the change wrote nothing, and the basket it would show is not asked for
      if (r.outcome === "not_enough_tickets")
        return { session: undefined, outcome: r.outcome, wanted: c.add, basket: none };
      const session: FoundSession =
        r.session_state === "rotated" || r.session_state === "unknown"
          ? { state: r.session_state }
          : { state: "valid", promoCodeId: r.promo_code_id == null ? null : Number(r.promo_code_id) };
      if (session.state !== "valid") return { session, outcome: "unchanged", wanted: 0, basket: none };
      const counts = r.counts ?? [];
      const items = (r.ticket_ids ?? []).map((id, n) => ({ ticketId: Number(id), count: Number(counts[n]) }));
      return {
        session,
        outcome: r.outcome as OneChangeOutcome,
        wanted: Number(r.wanted),
        basket: { sessionId: c.sessionId, expiresAt: r.expires_at, updatedAt: r.updated_at, items },
      };
    },
    /**
     * Tickets held from one client address, other than by this session's basket: the other
     * baskets' and the address's orders awaiting payment (an order waiting 48 hours for a bank
     * transfer holds its tickets too).
     */
    heldByClient(clientIp: string, exceptSession: string): Promise<number> {
      return count(SQL.heldByClient[db.engine], [clientIp, exceptSession, clientIp]);
    },
    /** The buyers (normalised e-mail addresses) of the orders a session made or looked up. */
    async buyersOf(sessionId: string): Promise<string[]> {
      return (await db.all<{ email_key: string }>(SQL.buyers, [sessionId])).map((r) => r.email_key);
    },
    /** Held tickets become sold (an order was made). Inside a transaction. */
    async sellHeld(ticketId: number, count: number): Promise<void> {
      await db.run(SQL.sell, [count, count, ticketId]);
    },
    async clearItems(sessionId: string): Promise<void> {
      await db.run(SQL.deleteItems, [sessionId]);
    },
    /** Runs `work` in one transaction (joining the caller's, if any). */
    transaction<T>(work: () => Promise<T> | T): Promise<T> {
      return db.withTransaction(async () => work());
    },
  };
  return repo;
}
export type BasketsRepository = ReturnType<typeof basketsRepository>;
