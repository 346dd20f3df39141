import type { Db } from "../db/database";
import { inList } from "../db/sql";
import type { Lang } from "../lib/i18n";
import { buyerKey } from "./buyer-key";
import {
  nextState,
  ORDER_TRANSITIONS,
  type OrderEvent,
  type OrderStatus,
  sqlStates,
  UNPAID_STATES,
} from "./order-states";

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
/** The events that end a payment attempt without payment; each carries out its own row of the table. */
export type FailEvent = "acquirer_decline" | "acquirer_cancel" | "session_ended";
/** The events that move an order to another state (pay_start only allows or refuses). */
type MovingEvent = "acquirer_approve" | FailEvent | "hold_expiry";
/** The states an expiry ends: swept in one statement's look-up. */
const EXPIRABLE = sqlStates(ORDER_TRANSITIONS.hold_expiry.from);

/** Who or what moved an order, as order_history keeps it. */
export type OrderActor = "buyer" | "acquirer" | "expiry" | "cli";

/** One change of an order's state. */
export interface OrderHistoryRow {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** an event of the state table, or "created" */
  event: OrderEvent | "created";
  actor: OrderActor;
  at: number;
}

/** The one "order paid" event of an order, and what its consumers have done with it. */
export interface OrderPaidEvent {
  id: number;
  orderId: string;
}

/** What consumes an "order paid" event: ticket issuing, then the e-mail. */
export type PaidConsumer = "tickets" | "mail";

export type NewOrder = Omit<OrderRow, "tickets" | "charges"> & { tickets: StoredTicket[] };

const SQL = {
  insert: `INSERT INTO orders (id, number, number_key, status, email, email_key, name, phone, lang, acquisition_id, currency_code, events_json,
    total_price, total_service_fee, total_payment_fee, total_amount, total_count, utm_json, tickets_json, created_at, expires_at, paid_at,
    client_ip) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  item: "INSERT INTO order_items (order_id, ticket_id, count) VALUES (?, ?, ?)",
  items: "SELECT ticket_id, count FROM order_items WHERE order_id = ? ORDER BY ticket_id",
  attach:
    "INSERT INTO session_orders (session_id, order_id) VALUES (?, ?) ON CONFLICT (session_id, order_id) DO NOTHING",
  get: "SELECT * FROM orders WHERE id = ?",
  ofSession:
    "SELECT o.* FROM orders o JOIN session_orders so ON so.order_id = o.id WHERE so.session_id = ? AND o.id = ?",
  listOfSession:
    "SELECT o.* FROM orders o JOIN session_orders so ON so.order_id = o.id WHERE so.session_id = ? ORDER BY o.created_at DESC, o.id",
  byNumberKey: "SELECT * FROM orders WHERE number_key = ?",
  numberTaken: "SELECT 1 AS taken FROM orders WHERE number_key = ?",
  status: "SELECT status FROM orders WHERE id = ?",
  tickets: "UPDATE orders SET tickets_json = ? WHERE id = ?",
  history: "INSERT INTO order_history (order_id, from_status, to_status, event, actor, at) VALUES (?, ?, ?, ?, ?, ?)",
  historyOf: "SELECT from_status, to_status, event, actor, at FROM order_history WHERE order_id = ? ORDER BY id",
  paidEvent: `INSERT INTO order_events (order_id, kind, created_at) VALUES (?, 'order_paid', ?)
    ON CONFLICT (order_id, kind) DO NOTHING`,
  paidEventOf: "SELECT id, order_id FROM order_events WHERE order_id = ? AND kind = 'order_paid'",
  openEvents:
    "SELECT id, order_id FROM order_events WHERE tickets_done_at IS NULL OR mail_done_at IS NULL ORDER BY id LIMIT ?",
  consumed: {
    tickets: "UPDATE order_events SET tickets_done_at = ? WHERE id = ? AND tickets_done_at IS NULL",
    // the e-mail carries the tickets: it is written only once they are issued
    mail: "UPDATE order_events SET mail_done_at = ? WHERE id = ? AND mail_done_at IS NULL AND tickets_done_at IS NOT NULL",
  } satisfies Record<PaidConsumer, string>,
  lang: "UPDATE orders SET lang = ? WHERE id = ?",
  anyDue: `SELECT 1 AS due FROM orders WHERE status IN ${EXPIRABLE} AND expires_at <= ? LIMIT 1`,
  due: `SELECT id FROM orders WHERE status IN ${EXPIRABLE} AND expires_at <= ? ORDER BY id`,
  release: `UPDATE tickets SET sold = sold - (SELECT count FROM order_items i WHERE i.order_id = ? AND i.ticket_id = tickets.id)
    WHERE id IN (SELECT ticket_id FROM order_items WHERE order_id = ?)`,
  unpaidByClient: `SELECT COALESCE(SUM(total_count), 0) AS n FROM orders WHERE client_ip = ? AND status IN ${OPEN}`,
  byEmail: `SELECT COALESCE(SUM(i.count), 0) AS n FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.email_key = ? AND i.ticket_id = ? AND o.status IN ${COUNTED}`,
  // "free" is 1 or 0: a comparison's truth is an integer on SQLite and a boolean on PostgreSQL, so it is spelt out
  byBuyerEvent: `SELECT COALESCE(SUM(i.count), 0) AS n FROM order_items i JOIN orders o ON o.id = i.order_id JOIN tickets t ON t.id = i.ticket_id
    WHERE o.email_key = ? AND t.event_id = ? AND o.status IN ${COUNTED} AND (CASE WHEN o.total_amount = 0 THEN 1 ELSE 0 END) = ?`,
  byClientSince: `SELECT COALESCE(SUM(total_count), 0) AS n FROM orders
    WHERE client_ip = ? AND created_at > ? AND status IN ${COUNTED} AND (CASE WHEN total_amount = 0 THEN 1 ELSE 0 END) = ?`,
  unpaidWaysClient: (ways: string) => `SELECT COALESCE(SUM(total_count), 0) AS n FROM orders
    WHERE client_ip = ? AND status IN ${OPEN} AND acquisition_id IN ${ways}`,
  unpaidWaysEvent: (ways: string) => `SELECT COALESCE(SUM(i.count), 0) AS n FROM order_items i
    JOIN orders o ON o.id = i.order_id JOIN tickets t ON t.id = i.ticket_id
    WHERE t.event_id = ? AND o.status IN ${OPEN} AND o.acquisition_id IN ${ways}`,
  eventTotal: "SELECT COALESCE(SUM(total), 0) AS n FROM tickets WHERE event_id = ?",
  instantMails: (ways: string) => `SELECT COUNT(*) AS n FROM orders WHERE email_key = ? AND created_at > ?
    AND (total_amount = 0 OR acquisition_id IN ${ways})`,
};

export function ordersRepository(db: Db) {
  const count = async (text: string, params: readonly unknown[]): Promise<number> =>
    Number((await db.one<{ n: number }>(text, params))?.n ?? 0);
  const rows = async (text: string, params: readonly unknown[]): Promise<OrderRow[]> =>
    (await db.all<OrderDb>(text, params)).map(toRow);
  const row = async (text: string, params: readonly unknown[]): Promise<OrderRow | undefined> => {
    const r = await db.one<OrderDb>(text, params);
    return r && toRow(r);
  };

  // orders stored before the buyer key was normalised get it once, before the first count by buyer, so the
  // limits count them alike (idempotent: instances that start together may both do it)
  let buyerKeys: Promise<void> | undefined;
  const normaliseBuyerKeys = (): Promise<void> => {
    buyerKeys ??= (async () => {
      if ((await db.one("SELECT 1 AS done FROM meta WHERE key = 'email_key'")) !== undefined) return;
      await db.withTransaction(async () => {
        for (const r of await db.all<{ id: string; email: string }>("SELECT id, email FROM orders"))
          await db.run("UPDATE orders SET email_key = ? WHERE id = ?", [buyerKey(r.email), r.id]);
        await db.run("INSERT INTO meta (key, value) VALUES ('email_key', 'buyer-key-1') ON CONFLICT (key) DO NOTHING");
      });
    })().catch((err: unknown) => {
      buyerKeys = undefined;
      throw err;
    });
    return buyerKeys;
  };

  /**
   * Moves an order by `event` as the state table says, and keeps the change in its history, in one
   * transaction. The update is guarded by the state just read: should another instance have moved
   * the order in between, it changes nothing and false is answered. `more` adds columns to set and
   * conditions to the guard.
   */
  const transition = (
    id: string,
    event: MovingEvent,
    actor: OrderActor,
    now: number,
    more: { set?: string; setParams?: unknown[]; guard?: string; guardParams?: unknown[] } = {},
  ): Promise<boolean> =>
    db.withTransaction(async () => {
      const current = (await db.one<{ status: OrderStatus }>(SQL.status, [id]))?.status;
      const to = current && nextState(event, current);
      if (!current || !to) return false;
      const moved = await db.run(
        `UPDATE orders SET status = ?${more.set ?? ""} WHERE id = ? AND status = ?${more.guard ?? ""}`,
        [to, ...(more.setParams ?? []), id, current, ...(more.guardParams ?? [])],
      );
      if (moved.changes !== 1) return false;
      await db.run(SQL.history, [id, current, to, event, actor, now]);
      if (to === "paid") await db.run(SQL.paidEvent, [id, now]);
      return true;
    });

  const repo = {
    /** Inside a transaction: the order, its items, and the session that may see it. */
    async insert(
      o: NewOrder,
      items: Array<{ ticketId: number; count: number }>,
      sessionId: string,
      utm: string | null,
      clientIp: string | null,
    ): Promise<void> {
      await db.run(SQL.insert, [
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
      ]);
      for (const i of items) await db.run(SQL.item, [o.id, i.ticketId, i.count]);
      await db.run(SQL.attach, [sessionId, o.id]);
      await db.run(SQL.history, [o.id, null, o.status, "created", "buyer", o.createdAt]);
      if (o.status === "paid") await db.run(SQL.paidEvent, [o.id, o.createdAt]);
    },
    async numberTaken(number: string): Promise<boolean> {
      return (await db.one(SQL.numberTaken, [numberKey(number)])) !== undefined;
    },
    get(id: string): Promise<OrderRow | undefined> {
      return row(SQL.get, [id]);
    },
    /** Only the sessions an order belongs to can see it. */
    ofSession(id: string, sessionId: string): Promise<OrderRow | undefined> {
      return row(SQL.ofSession, [sessionId, id]);
    },
    listOfSession(sessionId: string): Promise<OrderRow[]> {
      return rows(SQL.listOfSession, [sessionId]);
    },
    byNumber(number: string): Promise<OrderRow | undefined> {
      return row(SQL.byNumberKey, [numberKey(number)]);
    },
    async attach(sessionId: string, orderId: string): Promise<void> {
      await db.run(SQL.attach, [sessionId, orderId]);
    },
    async items(orderId: string): Promise<Array<{ ticketId: number; count: number }>> {
      return (await db.all<{ ticket_id: number; count: number }>(SQL.items, [orderId])).map((r) => ({
        ticketId: r.ticket_id,
        count: r.count,
      }));
    },
    /** Tickets in unpaid orders made from one client address. */
    unpaidByClient(clientIp: string): Promise<number> {
      return count(SQL.unpaidByClient, [clientIp]);
    },
    /** Tickets of one event a buyer (its email, normalised) has in orders awaiting payment or paid; `free` counts only free orders. */
    async countByBuyerEvent(email: string, eventId: number, free: boolean): Promise<number> {
      await normaliseBuyerKeys();
      return count(SQL.byBuyerEvent, [buyerKey(email), eventId, free ? 1 : 0]);
    },
    /** Tickets ordered from one client address since `since` (awaiting payment or paid), free or not. */
    countByClientSince(clientIp: string, since: number, free: boolean): Promise<number> {
      return count(SQL.byClientSince, [clientIp, since, free ? 1 : 0]);
    },
    /** Tickets waiting for payment by one of `acquisitionIds`: from one client address, or of one event. */
    unpaidByWays(acquisitionIds: number[], by: { clientIp: string } | { eventId: number }): Promise<number> {
      const ways = inList(acquisitionIds);
      return "clientIp" in by
        ? count(SQL.unpaidWaysClient(ways.text), [by.clientIp, ...ways.params])
        : count(SQL.unpaidWaysEvent(ways.text), [by.eventId, ...ways.params]);
    },
    /** All tickets an event has (sold, held and left). */
    ticketsOfEvent(eventId: number): Promise<number> {
      return count(SQL.eventTotal, [eventId]);
    },
    /** Orders to one buyer since `since` whose email went out at once (paid by `acquisitionIds`, or free). */
    async instantMailsSince(email: string, since: number, acquisitionIds: number[]): Promise<number> {
      await normaliseBuyerKeys();
      const ways = inList(acquisitionIds);
      return count(SQL.instantMails(ways.text), [buyerKey(email), since, ...ways.params]);
    },
    /** Tickets of one type an email holds in orders awaiting payment or paid. */
    async countByEmail(email: string, ticketId: number): Promise<number> {
      await normaliseBuyerKeys();
      return count(SQL.byEmail, [buyerKey(email), ticketId]);
    },
    /**
     * Guarded by status and expiry: a second payment, or one after the order expired, changes nothing.
     * The order's one "order paid" event is written with it; its tickets come from that event's consumer.
     */
    markPaid(id: string, now: number, actor: OrderActor = "acquirer"): Promise<boolean> {
      return transition(id, "acquirer_approve", actor, now, {
        set: ", charges = charges + 1, paid_at = ?, expires_at = NULL",
        setParams: [now],
        guard: " AND expires_at > ?",
        guardParams: [now],
      });
    },
    /** The tickets issued for a paid order (by the consumer of its "order paid" event). */
    async setTickets(id: string, tickets: StoredTicket[]): Promise<void> {
      await db.run(SQL.tickets, [JSON.stringify(tickets), id]);
    },
    /** Every change of an order's state, oldest first. */
    async history(orderId: string): Promise<OrderHistoryRow[]> {
      const found = await db.all<{
        from_status: OrderStatus | null;
        to_status: OrderStatus;
        event: OrderHistoryRow["event"];
        actor: OrderActor;
        at: number;
      }>(SQL.historyOf, [orderId]);
      return found.map((r) => ({
        fromStatus: r.from_status,
        toStatus: r.to_status,
        event: r.event,
        actor: r.actor,
        at: Number(r.at),
      }));
    },
    /** The order's "order paid" event, once it is paid. */
    async paidEvent(orderId: string): Promise<OrderPaidEvent | undefined> {
      const r = await db.one<{ id: number; order_id: string }>(SQL.paidEventOf, [orderId]);
      return r && { id: Number(r.id), orderId: r.order_id };
    },
    /** "Order paid" events a consumer has not done yet (left by a crash between two transactions), oldest first. */
    async openPaidEvents(limit: number): Promise<OrderPaidEvent[]> {
      const found = await db.all<{ id: number; order_id: string }>(SQL.openEvents, [limit]);
      return found.map((r) => ({ id: Number(r.id), orderId: r.order_id }));
    },
    /**
     * Marks an event done by `consumer`, inside the transaction of the consumer's work: true when
     * this caller is the one that does it (the work then commits with the mark, or neither does).
     */
    async consume(eventId: number, consumer: PaidConsumer, now: number): Promise<boolean> {
      return (await db.run(SQL.consumed[consumer], [now, eventId])).changes === 1;
    },
    /** The language the buyer pays in becomes the order's: the acquirer's page and later e-mails follow it. */
    async setLang(id: string, lang: Lang): Promise<void> {
      await db.run(SQL.lang, [lang, id]);
    },
    /** Guarded by status: an attempt that ends after the order was paid or expired changes nothing. */
    markFailed(id: string, event: FailEvent, now: number, actor: OrderActor = "acquirer"): Promise<boolean> {
      return transition(id, event, actor, now);
    },
    /**
     * Unpaid orders past their time become expired and give their tickets back. Cheap when there is
     * none. One transaction per order, under the locks of its ticket categories (as every change of
     * availability takes them); its guarded update settles a race with another instance's sweep or
     * a payment: only the one that moved it gives its tickets back. Returns how many it expired.
     */
    async expireDue(now: number): Promise<number> {
      if ((await db.one(SQL.anyDue, [now])) === undefined) return 0;
      let expired = 0;
      for (const { id } of await db.all<{ id: string }>(SQL.due, [now])) {
        const moved = await db.withTransaction(async () => {
          await db.lock(
            "ticket",
            (await repo.items(id)).map((i) => i.ticketId),
          );
          if (!(await transition(id, "hold_expiry", "expiry", now))) return false;
          await db.run(SQL.release, [id, id]);
          return true;
        });
        if (moved) expired += 1;
      }
      return expired;
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
  return {
    async insert(p: Omit<PaymentRow, "state">): Promise<void> {
      await db.run(
        "INSERT INTO payments (token, order_id, csrf, return_url, state, created_at) VALUES (?, ?, ?, ?, 'open', ?)",
        [p.token, p.orderId, p.csrf, p.returnUrl, p.createdAt],
      );
    },
    async get(token: string): Promise<PaymentRow | undefined> {
      const r = await db.one<{
        token: string;
        order_id: string;
        csrf: string;
        return_url: string;
        state: PaymentRow["state"];
        created_at: number;
      }>("SELECT * FROM payments WHERE token = ?", [token]);
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
    async move(token: string, from: PaymentRow["state"], to: PaymentRow["state"]): Promise<boolean> {
      return (
        (await db.run("UPDATE payments SET state = ? WHERE token = ? AND state = ?", [to, token, from])).changes === 1
      );
    },
  };
}
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
