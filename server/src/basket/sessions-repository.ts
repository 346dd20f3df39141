import type { Db } from "../db/database";

/** The sessions the server has issued. */
export function sessionsRepository(db: Db) {
  const s = {
    get: db.prepare("SELECT rotated_at FROM sessions WHERE id = ? AND expires_at > ?"),
    retire: db.prepare("UPDATE sessions SET rotated_at = ?, expires_at = ? WHERE id = ?"),
    insert: db.prepare("INSERT INTO sessions (id, created_at, expires_at) VALUES (?, ?, ?)"),
    remove: db.prepare("DELETE FROM sessions WHERE id = ?"),
    moveOrders: db.prepare("UPDATE OR IGNORE session_orders SET session_id = ? WHERE session_id = ?"),
    dropOrders: db.prepare("DELETE FROM session_orders WHERE session_id = ?"),
    dropBasket: db.prepare(
      "DELETE FROM baskets WHERE session_id = ? AND NOT EXISTS (SELECT 1 FROM basket_items WHERE session_id = ?)",
    ),
    expired: db.prepare("DELETE FROM sessions WHERE expires_at <= ?"),
    idle: db.prepare(
      `DELETE FROM sessions WHERE created_at <= @cutoff AND rotated_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM basket_items i WHERE i.session_id = sessions.id)
        AND NOT EXISTS (SELECT 1 FROM session_orders o WHERE o.session_id = sessions.id)
        AND NOT EXISTS (SELECT 1 FROM baskets b WHERE b.session_id = sessions.id AND b.updated_at > @cutoff)`,
    ),
    emptyBaskets: db.prepare(
      `DELETE FROM baskets WHERE COALESCE(updated_at, 0) <= ?
        AND NOT EXISTS (SELECT 1 FROM basket_items i WHERE i.session_id = baskets.session_id)
        AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = baskets.session_id)`,
    ),
  };
  return {
    /** "rotated": replaced by an order a moment ago (in its grace time); "unknown": never issued, or expired. */
    state(id: string, now: number): "valid" | "rotated" | "unknown" {
      const r = s.get.get(id, now) as { rotated_at: number | null } | undefined;
      if (!r) return "unknown";
      return r.rotated_at === null ? "valid" : "rotated";
    },
    insert(id: string, now: number, expiresAt: number): void {
      s.insert.run(id, now, expiresAt);
    },
    /**
     * The orders of `from` now belong to `to`, and `from` is dead: kept only until `graceUntil` so
     * that requests already on their way with it are told apart from a made-up id. Called when an
     * order was just made, so the old basket is empty and only its row is left. Inside a transaction.
     */
    move(from: string, to: string, now: number, graceUntil: number): void {
      s.moveOrders.run(to, from);
      s.dropOrders.run(from);
      s.dropBasket.run(from, from);
      s.retire.run(now, graceUntil, from);
    },
    removeExpired(now: number): number {
      return s.expired.run(now).changes;
    },
    /**
     * Deletes the sessions that hold nothing (no tickets, no orders) and have not changed since
     * `idleSince`, with their empty basket rows: what a passing visitor left. Returns how many.
     */
    removeIdle(idleSince: number): number {
      return db.transaction(() => {
        const n = s.idle.run({ cutoff: idleSince }).changes;
        s.emptyBaskets.run(idleSince);
        return n;
      })();
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
