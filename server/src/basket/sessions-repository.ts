import type { Db } from "../db/database";

const SQL = {
  // with the session's promo code (server/src/promo), which every basket answer shows: one round trip for both
  get: `SELECT s.rotated_at, p.code_id FROM sessions s LEFT JOIN promo_sessions p ON p.session_id = s.id
    WHERE s.id = ? AND s.expires_at > ?`,
  retire: "UPDATE sessions SET rotated_at = ?, expires_at = ? WHERE id = ?",
  insert: "INSERT INTO sessions (id, created_at, expires_at) VALUES (?, ?, ?)",
  // the new session may already see some of these orders (it looked them up): those rows stay as they are
  copyOrders:
    "INSERT INTO session_orders (session_id, order_id) SELECT ?, order_id FROM session_orders WHERE session_id = ? ON CONFLICT (session_id, order_id) DO NOTHING",
  dropOrders: "DELETE FROM session_orders WHERE session_id = ?",
  dropBasket:
    "DELETE FROM baskets WHERE session_id = ? AND NOT EXISTS (SELECT 1 FROM basket_items WHERE session_id = ?)",
  expired: "DELETE FROM sessions WHERE expires_at <= ?",
  idle: `DELETE FROM sessions WHERE created_at <= ? AND rotated_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM basket_items i WHERE i.session_id = sessions.id)
    AND NOT EXISTS (SELECT 1 FROM session_orders o WHERE o.session_id = sessions.id)
    AND NOT EXISTS (SELECT 1 FROM baskets b WHERE b.session_id = sessions.id AND b.updated_at > ?)`,
  emptyBaskets: `DELETE FROM baskets WHERE COALESCE(updated_at, 0) <= ?
    AND NOT EXISTS (SELECT 1 FROM basket_items i WHERE i.session_id = baskets.session_id)
    AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = baskets.session_id)`,
};

/** The sessions the server has issued. */
export function sessionsRepository(db: Db) {
  return {
    /**
     * "rotated": replaced by an order a moment ago (in its grace time); "unknown": never issued, or expired. A
     * valid session comes with the id of the promo code it carries (null: none).
     */
    async state(
      id: string,
      now: number,
    ): Promise<{ state: "valid"; promoCodeId: number | null } | { state: "rotated" | "unknown" }> {
      const r = await db.one<{ rotated_at: number | null; code_id: number | null }>(SQL.get, [id, now]);
      if (!r) return { state: "unknown" };
      if (r.rotated_at !== null) return { state: "rotated" };
      return { state: "valid", promoCodeId: r.code_id === null ? null : Number(r.code_id) };
    },
    async insert(id: string, now: number, expiresAt: number): Promise<void> {
      await db.run(SQL.insert, [id, now, expiresAt]);
    },
    /**
     * The orders of `from` now belong to `to`, and `from` is dead: kept only until `graceUntil` so
     * that requests already on their way with it are told apart from a made-up id. Called when an
     * order was just made, so the old basket is empty and only its row is left. Inside a transaction.
     */
    async move(from: string, to: string, now: number, graceUntil: number): Promise<void> {
      await db.run(SQL.copyOrders, [to, from]);
      await db.run(SQL.dropOrders, [from]);
      await db.run(SQL.dropBasket, [from, from]);
      await db.run(SQL.retire, [now, graceUntil, from]);
    },
    async removeExpired(now: number): Promise<number> {
      return (await db.run(SQL.expired, [now])).changes;
    },
    /**
     * Deletes the sessions that hold nothing (no tickets, no orders) and have not changed since
     * `idleSince`, with their empty basket rows: what a passing visitor left. Returns how many.
     */
    async removeIdle(idleSince: number): Promise<number> {
      return db.withTransaction(async () => {
        const n = (await db.run(SQL.idle, [idleSince, idleSince])).changes;
        await db.run(SQL.emptyBaskets, [idleSince]);
        return n;
      });
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
