import type { Db } from "../database";

/** The sessions the server has issued. */
export function sessionsRepository(db: Db) {
  const s = {
    get: db.prepare("SELECT 1 FROM sessions WHERE id = ? AND expires_at > ?"),
    insert: db.prepare("INSERT INTO sessions (id, created_at, expires_at) VALUES (?, ?, ?)"),
    remove: db.prepare("DELETE FROM sessions WHERE id = ?"),
    moveOrders: db.prepare("UPDATE OR IGNORE session_orders SET session_id = ? WHERE session_id = ?"),
    dropOrders: db.prepare("DELETE FROM session_orders WHERE session_id = ?"),
    dropBasket: db.prepare("DELETE FROM baskets WHERE session_id = ? AND NOT EXISTS (SELECT 1 FROM basket_items WHERE session_id = ?)"),
    expired: db.prepare("DELETE FROM sessions WHERE expires_at <= ?"),
  };
  return {
    valid(id: string, now: number): boolean {
      return s.get.get(id, now) !== undefined;
    },
    insert(id: string, now: number, expiresAt: number): void {
      s.insert.run(id, now, expiresAt);
    },
    /**
     * The orders of `from` now belong to `to`, and `from` is no longer a session. Called when an
     * order was just made, so the old basket is empty and only its row is left. Inside a transaction.
     */
    move(from: string, to: string): void {
      s.moveOrders.run(to, from);
      s.dropOrders.run(from);
      s.dropBasket.run(from, from);
      s.remove.run(from);
    },
    removeExpired(now: number): number {
      return s.expired.run(now).changes;
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
