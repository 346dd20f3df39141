import type { Db } from "../db/database";

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

/**
 * Baskets and their holds. A basket item holds `count` tickets: they are counted in
 * tickets.held until the basket expires, is cleared or becomes an order. Every change runs
 * inside one IMMEDIATE transaction, so two buyers can never hold the same last ticket.
 */
/** More than any ticket's max_per_order: the client address's cool-down counts a hold's tickets up to this. */
const MAX_COUNT_PER_HOLD = 1000;

export function basketsRepository(db: Db) {
  const s = {
    anyExpired: db.prepare("SELECT 1 FROM baskets WHERE expires_at IS NOT NULL AND expires_at <= ? LIMIT 1"),
    expired: db.prepare("SELECT session_id FROM baskets WHERE expires_at IS NOT NULL AND expires_at <= ?"),
    basket: db.prepare("SELECT session_id, expires_at, updated_at FROM baskets WHERE session_id = ?"),
    items: db.prepare("SELECT ticket_id, count FROM basket_items WHERE session_id = ? ORDER BY added_seq, ticket_id"),
    item: db.prepare("SELECT count FROM basket_items WHERE session_id = ? AND ticket_id = ?"),
    itemCount: db.prepare("SELECT COUNT(*) AS n FROM basket_items WHERE session_id = ?"),
    upsertBasket: db.prepare(
      `INSERT INTO baskets (session_id, expires_at, updated_at, client_ip) VALUES (?, ?, ?, ?) ON CONFLICT(session_id) DO UPDATE SET
        expires_at = excluded.expires_at, updated_at = excluded.updated_at, client_ip = COALESCE(excluded.client_ip, baskets.client_ip)`,
    ),
    // a basket holds tickets exactly when it has an expiry; the partial index baskets_holding_client
    // reads only those, at most heldPerClient of one address, however many empty ones it left behind
    heldByClient: db.prepare(
      `SELECT COALESCE(SUM(i.count), 0) AS n FROM baskets b INDEXED BY baskets_holding_client
        JOIN basket_items i ON i.session_id = b.session_id
        WHERE b.client_ip = ? AND b.expires_at IS NOT NULL AND b.session_id <> ?`,
    ),
    heldInBasket: db.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM basket_items WHERE session_id = ?"),
    ensure: db.prepare("INSERT OR IGNORE INTO baskets (session_id) VALUES (?)"),
    setItem: db.prepare(
      "INSERT INTO basket_items (session_id, ticket_id, count, added_seq) VALUES (?, ?, ?, ?) ON CONFLICT(session_id, ticket_id) DO UPDATE SET count = excluded.count",
    ),
    deleteItem: db.prepare("DELETE FROM basket_items WHERE session_id = ? AND ticket_id = ?"),
    deleteItems: db.prepare("DELETE FROM basket_items WHERE session_id = ?"),
    hold: db.prepare("UPDATE tickets SET held = held + ? WHERE id = ? AND total - sold - held >= ?"),
    unhold: db.prepare("UPDATE tickets SET held = held - ? WHERE id = ?"),
    sell: db.prepare("UPDATE tickets SET held = held - ?, sold = sold + ? WHERE id = ?"),
    releaseAll: db.prepare(
      "UPDATE tickets SET held = held - (SELECT count FROM basket_items i WHERE i.session_id = ? AND i.ticket_id = tickets.id) WHERE id IN (SELECT ticket_id FROM basket_items WHERE session_id = ?)",
    ),
    expire: db.prepare("UPDATE baskets SET expires_at = NULL, updated_at = ? WHERE session_id = ?"),
    copyBasket: db.prepare(
      "INSERT INTO baskets (session_id, expires_at, updated_at, client_ip) SELECT ?, expires_at, updated_at, client_ip FROM baskets WHERE session_id = ?",
    ),
    moveItems: db.prepare("UPDATE basket_items SET session_id = ? WHERE session_id = ?"),
    dropBasket: db.prepare("DELETE FROM baskets WHERE session_id = ?"),
    // what a hold that ran out leaves behind: its session and its buyers (the e-mail addresses of the
    // session's orders) wait before holding those tickets again
    coolSession: db.prepare(
      "INSERT INTO throttle_hits (scope, key, at) SELECT 'hold-expired-session', session_id || ' ' || ticket_id, ? FROM basket_items WHERE session_id = ?",
    ),
    coolBuyer: db.prepare(
      `INSERT INTO throttle_hits (scope, key, at) SELECT DISTINCT 'hold-expired-buyer', o.email_key || ' ' || i.ticket_id, ?
        FROM basket_items i JOIN session_orders so ON so.session_id = i.session_id JOIN orders o ON o.id = so.order_id
        WHERE i.session_id = ?`,
    ),
    // and its client address, one hit per ticket: the address waits only once many tickets ran out from it
    // (holdCooldownClientTickets), so one visitor behind a shared address does not block everyone there
    coolClient: db.prepare(
      `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${MAX_COUNT_PER_HOLD})
        INSERT INTO throttle_hits (scope, key, at) SELECT 'hold-expired-client', b.client_ip || ' ' || i.ticket_id, ?
        FROM basket_items i JOIN baskets b ON b.session_id = i.session_id JOIN n ON n.k <= i.count
        WHERE i.session_id = ? AND b.client_ip IS NOT NULL`,
    ),
    buyers: db.prepare(
      "SELECT DISTINCT o.email_key FROM session_orders so JOIN orders o ON o.id = so.order_id WHERE so.session_id = ?",
    ),
  };
  let seq = Date.now();

  const repo = {
    /** Releases the holds of every basket whose time is up. Cheap when there is none. */
    releaseExpired(now: number): number {
      if (s.anyExpired.get(now) === undefined) return 0;
      return db
        .transaction(() => {
          const ids = (s.expired.all(now) as Array<{ session_id: string }>).map((r) => r.session_id);
          for (const id of ids) {
            s.coolSession.run(now, id);
            s.coolBuyer.run(now, id);
            s.coolClient.run(now, id);
            repo.releaseBasket(id, now);
          }
          return ids.length;
        })
        .immediate();
    },
    /** Must run inside a transaction. */
    releaseBasket(sessionId: string, now: number): void {
      s.releaseAll.run(sessionId, sessionId);
      s.deleteItems.run(sessionId);
      s.expire.run(now, sessionId);
    },
    /** The basket of `from`, with its holds, now belongs to `to` (a new session id). Inside a transaction. */
    moveTo(from: string, to: string): void {
      if (s.copyBasket.run(to, from).changes === 0) return;
      s.moveItems.run(to, from);
      s.dropBasket.run(from);
    },
    get(sessionId: string): BasketRow | null {
      const b = s.basket.get(sessionId) as
        | { session_id: string; expires_at: number | null; updated_at: number | null }
        | undefined;
      if (!b) return null;
      const items = (s.items.all(sessionId) as Array<{ ticket_id: number; count: number }>).map((r) => ({
        ticketId: r.ticket_id,
        count: r.count,
      }));
      return { sessionId, expiresAt: b.expires_at, updatedAt: b.updated_at, items };
    },
    itemCount(sessionId: string): number {
      return (s.itemCount.get(sessionId) as { n: number }).n;
    },
    heldCount(sessionId: string, ticketId: number): number {
      const r = s.item.get(sessionId, ticketId) as { count: number } | undefined;
      return r?.count ?? 0;
    },
    /** Holds `delta` more tickets (negative releases); false when not enough are left. Inside a transaction. */
    adjustHold(ticketId: number, delta: number): boolean {
      if (delta > 0) return s.hold.run(delta, ticketId, delta).changes === 1;
      if (delta < 0) s.unhold.run(-delta, ticketId);
      return true;
    },
    setItem(sessionId: string, ticketId: number, count: number): void {
      if (count <= 0) s.deleteItem.run(sessionId, ticketId);
      else {
        s.ensure.run(sessionId);
        s.setItem.run(sessionId, ticketId, count, ++seq);
      }
    },
    touch(sessionId: string, expiresAt: number | null, now: number, clientIp: string | null = null): void {
      s.upsertBasket.run(sessionId, expiresAt, now, clientIp);
    },
    /** Tickets held by the baskets of one client address, other than this session's. */
    heldByClient(clientIp: string, exceptSession: string): number {
      return (s.heldByClient.get(clientIp, exceptSession) as { n: number }).n;
    },
    /** The buyers (normalised e-mail addresses) of the orders a session made or looked up. */
    buyersOf(sessionId: string): string[] {
      return (s.buyers.all(sessionId) as Array<{ email_key: string }>).map((r) => r.email_key);
    },
    heldInBasket(sessionId: string): number {
      return (s.heldInBasket.get(sessionId) as { n: number }).n;
    },
    /** Held tickets become sold (an order was made). Inside a transaction. */
    sellHeld(ticketId: number, count: number): void {
      s.sell.run(count, count, ticketId);
    },
    clearItems(sessionId: string): void {
      s.deleteItems.run(sessionId);
    },
    transaction<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
  };
  return repo;
}
export type BasketsRepository = ReturnType<typeof basketsRepository>;
