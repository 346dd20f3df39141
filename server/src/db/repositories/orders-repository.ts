import type { Db } from "../database";

export interface OrderRow {
  id: string; sessionId: string; status: "awaiting_payment" | "paid" | "failed" | "cancelled"; email: string; name: string;
  phone: string | null; acquisitionId: number; currencyCode: string; eventsJson: string; totalPrice: number; totalServiceFee: number;
  totalCount: number; utmJson: string | null; ticketsCodes: string[]; charges: number; createdAt: number; paidAt: number | null;
}

type OrderDb = {
  id: string; session_id: string; status: OrderRow["status"]; email: string; name: string; phone: string | null; acquisition_id: number;
  currency_code: string; events_json: string; total_price: number; total_service_fee: number; total_count: number; utm_json: string | null;
  tickets_codes: string | null; charges: number; created_at: number; paid_at: number | null;
};

export function ordersRepository(db: Db) {
  const s = {
    insert: db.prepare(
      `INSERT INTO orders (id, session_id, status, email, name, phone, acquisition_id, currency_code, events_json, total_price,
        total_service_fee, total_count, utm_json, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    ),
    item: db.prepare("INSERT INTO order_items (order_id, ticket_id, count) VALUES (?, ?, ?)"),
    get: db.prepare("SELECT * FROM orders WHERE id = ? AND session_id = ?"),
    paid: db.prepare("UPDATE orders SET status = 'paid', tickets_codes = ?, charges = charges + 1, paid_at = ? WHERE id = ? AND status IN ('awaiting_payment', 'failed')"),
    failed: db.prepare("UPDATE orders SET status = 'failed' WHERE id = ? AND status IN ('awaiting_payment', 'failed')"),
  };
  return {
    insert(o: Omit<OrderRow, "ticketsCodes" | "charges" | "paidAt" | "status">, items: Array<{ ticketId: number; count: number }>): void {
      s.insert.run(o.id, o.sessionId, "awaiting_payment", o.email, o.name, o.phone, o.acquisitionId, o.currencyCode, o.eventsJson,
        o.totalPrice, o.totalServiceFee, o.totalCount, o.utmJson, o.createdAt);
      for (const i of items) s.item.run(o.id, i.ticketId, i.count);
    },
    /** Only the session that made an order can see it. */
    get(id: string, sessionId: string): OrderRow | undefined {
      const r = s.get.get(id, sessionId) as OrderDb | undefined;
      if (!r) return undefined;
      return {
        id: r.id, sessionId: r.session_id, status: r.status, email: r.email, name: r.name, phone: r.phone, acquisitionId: r.acquisition_id,
        currencyCode: r.currency_code, eventsJson: r.events_json, totalPrice: r.total_price, totalServiceFee: r.total_service_fee,
        totalCount: r.total_count, utmJson: r.utm_json, ticketsCodes: r.tickets_codes ? (JSON.parse(r.tickets_codes) as string[]) : [],
        charges: r.charges, createdAt: r.created_at, paidAt: r.paid_at,
      };
    },
    /** The status guard in the UPDATE makes a second payment of a paid order a no-op. */
    markPaid(id: string, codes: string[], now: number): boolean {
      return s.paid.run(JSON.stringify(codes), now, id).changes === 1;
    },
    markFailed(id: string): boolean {
      return s.failed.run(id).changes === 1;
    },
  };
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;
