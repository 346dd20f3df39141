import type { Db } from "../db/database";
import type { Lang } from "../lib/i18n";
import { buyerKey } from "./buyer-key";
import { ORDER_TRANSITIONS, type OrderStatus, sqlStates, UNPAID_STATES } from "./order-states";

export type { OrderStatus };
/** An issued ticket as stored; its title is read from the catalogue in the language asked for. */
export interface StoredTicket {
  code: string;
  /** the signed text of its QR code (tickets issued before check-in existed have none) */
  qr?: string;
  event_id: number;
  ticket_id: number;
  started_at: string | null;
  /** when the session ends (a multi-day pass: the end of its validity); absent on tickets issued before 2.1 */
  ends_at?: string | null;
}

/** What an order keeps under the same name in its table and in code: who ordered, in what state. */
interface OrderIdentity {
  id: string;
  number: string;
  status: OrderStatus;
  email: string;
  name: string;
  phone: string | null;
  lang: Lang;
}

export interface OrderRow extends OrderIdentity {
  acquisitionId: number | null;
  currencyCode: string;
  eventsJson: string;
  totalPrice: number;
  totalServiceFee: number;
  totalPaymentFee: number;
  totalAmount: number;
  totalCount: number;
  utmJson: string | null;
  tickets: StoredTicket[];
  charges: number;
  createdAt: number;
  expiresAt: number | null;
  paidAt: number | null;
}

type OrderDb = OrderIdentity & {
  acquisition_id: number | null;
  currency_code: string;
  events_json: string;
  total_price: number;
  total_service_fee: number;
  total_payment_fee: number;
  total_amount: number;
  total_count: number;
  utm_json: string | null;
  tickets_json: string | null;
  charges: number;
  created_at: number;
  expires_at: number | null;
  paid_at: number | null;
};

const toRow = (r: OrderDb): OrderRow => ({
  id: r.id,
  number: r.number,
  status: r.status,
  email: r.email,
  name: r.name,
  phone: r.phone,
  lang: r.lang,
  acquisitionId: r.acquisition_id,
  currencyCode: r.currency_code,
  eventsJson: r.events_json,
  totalPrice: r.total_price,
  totalServiceFee: r.total_service_fee,
  totalPaymentFee: r.total_payment_fee,
  totalAmount: r.total_amount,
  totalCount: r.total_count,
  utmJson: r.utm_json,
  tickets: r.tickets_json ? (JSON.parse(r.tickets_json) as StoredTicket[]) : [],
  charges: r.charges,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  paidAt: r.paid_at,
});

/** "UAE-7K3M9Q" → "UAE7K3M9Q": what a look-up compares, whatever the case, spaces and dashes typed. */
export const numberKey = (number: string): string => number.toUpperCase().replace(/[\s\-‐-―−]/g, "");

/** Orders that still hold their tickets and may be paid (server/src/orders/order-states.ts). */
const OPEN = sqlStates(UNPAID_STATES);
/** Orders a buyer's limits count: waiting for payment, or paid. */
const COUNTED = sqlStates([...UNPAID_STATES, "paid"]);
/** The guarded change of `event`: from the table's states to the table's state, nothing else. */
const move = (event: "acquirer_approve" | FailEvent | "hold_expiry") => ({
  to: ORDER_TRANSITIONS[event].to,
  from: sqlStates(ORDER_TRANSITIONS[event].from),
});
const PAY = move("acquirer_approve");
/** The events that end a payment attempt without payment; each carries out its own row of the table. */
export type FailEvent = "acquirer_decline" | "acquirer_cancel" | "session_ended";
const EXPIRE = move("hold_expiry");

export type NewOrder = Omit<OrderRow, "tickets" | "charges"> & { tickets: StoredTicket[] };

export function ordersRepository(db: Db) {
  const s = {
    insert: db.prepare(
      `INSERT INTO orders (id, number, number_key, status, email, email_key, name, phone, lang, acquisition_id, currency_code, events_json,
        total_price, total_service_fee, total_payment_fee, total_amount, total_count, utm_json, tickets_json, created_at, expires_at, paid_at,
        client_ip) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    ),
    item: db.prepare("INSERT INTO order_items (order_id, ticket_id, count) VALUES (?, ?, ?)"),
    items: db.prepare("SELECT ticket_id, count FROM order_items WHERE order_id = ?"),
    attach: db.prepare("INSERT OR IGNORE INTO session_orders (session_id, order_id) VALUES (?, ?)"),
    get: db.prepare("SELECT * FROM orders WHERE id = ?"),
    ofSession: db.prepare(
      "SELECT o.* FROM orders o JOIN session_orders so ON so.order_id = o.id WHERE so.session_id = ? AND o.id = ?",
    ),
    listOfSession: db.prepare(
      "SELECT o.* FROM orders o JOIN session_orders so ON so.order_id = o.id WHERE so.session_id = ? ORDER BY o.created_at DESC, o.id",
    ),
    byNumberKey: db.prepare("SELECT * FROM orders WHERE number_key = ?"),
    numberTaken: db.prepare("SELECT 1 FROM orders WHERE number_key = ?"),
    paid: db.prepare(
      `UPDATE orders SET status = '${PAY.to}', tickets_json = ?, charges = charges + 1, paid_at = ?, expires_at = NULL
        WHERE id = ? AND status IN ${PAY.from} AND expires_at > ?`,
    ),
    lang: db.prepare("UPDATE orders SET lang = ? WHERE id = ?"),
    anyDue: db.prepare(`SELECT 1 FROM orders WHERE status IN ${EXPIRE.from} AND expires_at <= ? LIMIT 1`),
    due: db.prepare(`SELECT id FROM orders WHERE status IN ${EXPIRE.from} AND expires_at <= ?`),
    expire: db.prepare(`UPDATE orders SET status = '${EXPIRE.to}' WHERE id = ? AND status IN ${EXPIRE.from}`),
    release: db.prepare(
      `UPDATE tickets SET sold = sold - (SELECT count FROM order_items i WHERE i.order_id = ? AND i.ticket_id = tickets.id)
        WHERE id IN (SELECT ticket_id FROM order_items WHERE order_id = ?)`,
    ),
    unpaidByClient: db.prepare(
      `SELECT COALESCE(SUM(total_count), 0) AS n FROM orders WHERE client_ip = ? AND status IN ${OPEN}`,
    ),
    byEmail: db.prepare(
      `SELECT COALESCE(SUM(i.count), 0) AS n FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.email_key = ? AND i.ticket_id = ? AND o.status IN ${COUNTED}`,
    ),
    byBuyerEvent: db.prepare(
      `SELECT COALESCE(SUM(i.count), 0) AS n FROM order_items i JOIN orders o ON o.id = i.order_id JOIN tickets t ON t.id = i.ticket_id
        WHERE o.email_key = ? AND t.event_id = ? AND o.status IN ${COUNTED} AND (o.total_amount = 0) = ?`,
    ),
    byClientSince: db.prepare(
      `SELECT COALESCE(SUM(total_count), 0) AS n FROM orders
        WHERE client_ip = ? AND created_at > ? AND status IN ${COUNTED} AND (total_amount = 0) = ?`,
    ),
    unpaidWaysClient: db.prepare(
      `SELECT COALESCE(SUM(total_count), 0) AS n FROM orders
        WHERE client_ip = ? AND status IN ${OPEN} AND acquisition_id IN (SELECT value FROM json_each(?))`,
    ),
    unpaidWaysEvent: db.prepare(
      `SELECT COALESCE(SUM(i.count), 0) AS n FROM order_items i JOIN orders o ON o.id = i.order_id JOIN tickets t ON t.id = i.ticket_id
        WHERE t.event_id = ? AND o.status IN ${OPEN} AND o.acquisition_id IN (SELECT value FROM json_each(?))`,
    ),
    eventTotal: db.prepare("SELECT COALESCE(SUM(total), 0) AS n FROM tickets WHERE event_id = ?"),
    instantMails: db.prepare(
      `SELECT COUNT(*) AS n FROM orders WHERE email_key = ? AND created_at > ?
        AND (total_amount = 0 OR acquisition_id IN (SELECT value FROM json_each(?)))`,
    ),
  };
  const failed = (event: FailEvent) => {
    const m = move(event);
    return db.prepare(`UPDATE orders SET status = '${m.to}' WHERE id = ? AND status IN ${m.from}`);
  };
  const fail: Record<FailEvent, ReturnType<typeof failed>> = {
    acquirer_decline: failed("acquirer_decline"),
    acquirer_cancel: failed("acquirer_cancel"),
    session_ended: failed("session_ended"),
  };
  // orders stored before the buyer key was normalised get it now, once, so the limits count them alike
  if (db.prepare("SELECT 1 FROM meta WHERE key = 'email_key'").get() === undefined) {
    const rekey = db.prepare("UPDATE orders SET email_key = ? WHERE id = ?");
    db.transaction(() => {
      for (const r of db.prepare("SELECT id, email FROM orders").all() as Array<{ id: string; email: string }>)
        rekey.run(buyerKey(r.email), r.id);
      db.prepare("INSERT INTO meta (key, value) VALUES ('email_key', 'buyer-key-1')").run();
    })();
  }
  const repo = {
    /** Inside a transaction: the order, its items, and the session that may see it. */
    insert(
      o: NewOrder,
      items: Array<{ ticketId: number; count: number }>,
      sessionId: string,
      utm: string | null,
      clientIp: string | null,
    ): void {
      s.insert.run(
        o.id,
        o.number,
        numberKey(o.number),
        o.status,
        o.email,
        buyerKey(o.email),
        o.name,
        o.phone,
        o.lang,
        o.acquisitionId,
        o.currencyCode,
        o.eventsJson,
        o.totalPrice,
        o.totalServiceFee,
        o.totalPaymentFee,
        o.totalAmount,
        o.totalCount,
        utm,
        o.tickets.length > 0 ? JSON.stringify(o.tickets) : null,
        o.createdAt,
        o.expiresAt,
        o.paidAt,
        clientIp,
      );
      for (const i of items) s.item.run(o.id, i.ticketId, i.count);
      s.attach.run(sessionId, o.id);
    },
    numberTaken(number: string): boolean {
      return s.numberTaken.get(numberKey(number)) !== undefined;
    },
    get(id: string): OrderRow | undefined {
      const r = s.get.get(id) as OrderDb | undefined;
      return r && toRow(r);
    },
    /** Only the sessions an order belongs to can see it. */
    ofSession(id: string, sessionId: string): OrderRow | undefined {
      const r = s.ofSession.get(sessionId, id) as OrderDb | undefined;
      return r && toRow(r);
    },
    listOfSession(sessionId: string): OrderRow[] {
      return (s.listOfSession.all(sessionId) as OrderDb[]).map(toRow);
    },
    byNumber(number: string): OrderRow | undefined {
      const r = s.byNumberKey.get(numberKey(number)) as OrderDb | undefined;
      return r && toRow(r);
    },
    attach(sessionId: string, orderId: string): void {
      s.attach.run(sessionId, orderId);
    },
    items(orderId: string): Array<{ ticketId: number; count: number }> {
      return (s.items.all(orderId) as Array<{ ticket_id: number; count: number }>).map((r) => ({
        ticketId: r.ticket_id,
        count: r.count,
      }));
    },
    /** Tickets in unpaid orders made from one client address. */
    unpaidByClient(clientIp: string): number {
      return (s.unpaidByClient.get(clientIp) as { n: number }).n;
    },
    /** Tickets of one event a buyer (its email, normalised) has in orders awaiting payment or paid; `free` counts only free orders. */
    countByBuyerEvent(email: string, eventId: number, free: boolean): number {
      return (s.byBuyerEvent.get(buyerKey(email), eventId, free ? 1 : 0) as { n: number }).n;
    },
    /** Tickets ordered from one client address since `since` (awaiting payment or paid), free or not. */
    countByClientSince(clientIp: string, since: number, free: boolean): number {
      return (s.byClientSince.get(clientIp, since, free ? 1 : 0) as { n: number }).n;
    },
    /** Tickets waiting for payment by one of `acquisitionIds`: from one client address, or of one event. */
    unpaidByWays(acquisitionIds: number[], by: { clientIp: string } | { eventId: number }): number {
      const ids = JSON.stringify(acquisitionIds);
      const r = "clientIp" in by ? s.unpaidWaysClient.get(by.clientIp, ids) : s.unpaidWaysEvent.get(by.eventId, ids);
      return (r as { n: number }).n;
    },
    /** All tickets an event has (sold, held and left). */
    ticketsOfEvent(eventId: number): number {
      return (s.eventTotal.get(eventId) as { n: number }).n;
    },
    /** Orders to one buyer since `since` whose email went out at once (paid by `acquisitionIds`, or free). */
    instantMailsSince(email: string, since: number, acquisitionIds: number[]): number {
      return (s.instantMails.get(buyerKey(email), since, JSON.stringify(acquisitionIds)) as { n: number }).n;
    },
    /** Tickets of one type an email holds in orders awaiting payment or paid. */
    countByEmail(email: string, ticketId: number): number {
      return (s.byEmail.get(buyerKey(email), ticketId) as { n: number }).n;
    },
    /** Guarded by status and expiry: a second payment, or one after the order expired, changes nothing. */
    markPaid(id: string, tickets: StoredTicket[], now: number): boolean {
      return s.paid.run(JSON.stringify(tickets), now, id, now).changes === 1;
    },
    /** The language the buyer pays in becomes the order's: the acquirer's page and later e-mails follow it. */
    setLang(id: string, lang: Lang): void {
      s.lang.run(lang, id);
    },
    /** Guarded by status: an attempt that ends after the order was paid or expired changes nothing. */
    markFailed(id: string, event: FailEvent): boolean {
      return fail[event].run(id).changes === 1;
    },
    /** Unpaid orders past their time become expired and give their tickets back. Cheap when there is none. */
    expireDue(now: number): number {
      if (s.anyDue.get(now) === undefined) return 0;
      return db
        .transaction(() => {
          const ids = (s.due.all(now) as Array<{ id: string }>).map((r) => r.id);
          for (const id of ids) if (s.expire.run(id).changes === 1) s.release.run(id, id);
          return ids.length;
        })
        .immediate();
    },
  };
  return repo;
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;

export interface PaymentRow {
  token: string;
  orderId: string;
  csrf: string;
  returnUrl: string;
  state: "open" | "challenge" | "approved" | "declined" | "expired";
  createdAt: number;
}

/** Visits to the sandbox acquirer's hosted page. */
export function paymentsRepository(db: Db) {
  const s = {
    insert: db.prepare(
      "INSERT INTO payments (token, order_id, csrf, return_url, state, created_at) VALUES (?, ?, ?, ?, 'open', ?)",
    ),
    get: db.prepare("SELECT * FROM payments WHERE token = ?"),
    move: db.prepare("UPDATE payments SET state = ? WHERE token = ? AND state = ?"),
  };
  return {
    insert(p: Omit<PaymentRow, "state">): void {
      s.insert.run(p.token, p.orderId, p.csrf, p.returnUrl, p.createdAt);
    },
    get(token: string): PaymentRow | undefined {
      const r = s.get.get(token) as
        | {
            token: string;
            order_id: string;
            csrf: string;
            return_url: string;
            state: PaymentRow["state"];
            created_at: number;
          }
        | undefined;
      return (
        r && {
          token: r.token,
          orderId: r.order_id,
          csrf: r.csrf,
          returnUrl: r.return_url,
          state: r.state,
          createdAt: r.created_at,
        }
      );
    },
    /** Moves a payment from one state to the next; false when it was not in `from` any more (a double submit). */
    move(token: string, from: PaymentRow["state"], to: PaymentRow["state"]): boolean {
      return s.move.run(to, token, from).changes === 1;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
