import type { Db } from "../db/database";
import { inList } from "../db/sql";
import { type I18nText, type Lang, parseI18n } from "../lib/i18n";
import { RESERVED_FOR_OTHERS, reservedForOthers } from "../promo/promo-reserve-sql";

/** Where an entry stands: in line, holding an offer, or off the list (and why). */
export type EntryState = "waiting" | "offered" | "claimed" | "lapsed" | "left" | "closed";

export interface WaitlistEntry {
  id: number;
  ticketId: number;
  eventId: number;
  email: string;
  emailKey: string;
  count: number;
  lang: Lang;
  state: EntryState;
  createdAt: number;
  offeredAt: number | null;
  offerExpiresAt: number | null;
  endedAt: number | null;
}

type EntryDb = {
  id: number;
  ticket_id: number;
  event_id: number;
  email: string;
  email_key: string;
  count: number;
  lang: Lang;
  state: EntryState;
  created_at: number;
  offered_at: number | null;
  offer_expires_at: number | null;
  ended_at: number | null;
};

const toEntry = (r: EntryDb): WaitlistEntry => ({
  id: Number(r.id),
  ticketId: Number(r.ticket_id),
  eventId: Number(r.event_id),
  email: r.email,
  emailKey: r.email_key,
  count: r.count,
  lang: r.lang,
  state: r.state,
  createdAt: r.created_at,
  offeredAt: r.offered_at,
  offerExpiresAt: r.offer_expires_at,
  endedAt: r.ended_at,
});

/** A ticket category as the waiting list needs it: what is left of it, and when its session is. */
export interface CategoryState {
  id: number;
  eventId: number;
  title: I18nText;
  available: number;
  maxPerOrder: number;
  startedAt: number;
  finishedAt: number | null;
  closed: boolean;
}

/** One line of the organiser's overview. */
export interface ListSummary {
  ticketId: number;
  eventId: number;
  waiting: number;
  waitingTickets: number;
  offered: number;
  offeredTickets: number;
  claimed: number;
  closed: boolean;
}

const ENTRY_COLUMNS =
  "id, ticket_id, event_id, email, email_key, count, lang, state, created_at, offered_at, offer_expires_at, ended_at";

/**
 * The waiting list's rows. The entry's state changes are guarded (`WHERE state = ?`), and every
 * change to tickets.held is made by the caller under the ticket's lock, inside a transaction.
 */
export function waitlistRepository(db: Db) {
  const entries = async (text: string, params: readonly unknown[]): Promise<WaitlistEntry[]> =>
    (await db.all<EntryDb>(text, params)).map(toEntry);
  const count = async (text: string, params: readonly unknown[]): Promise<number> =>
    Number((await db.one<{ n: number }>(text, params))?.n ?? 0);

  return {
    async get(id: number): Promise<WaitlistEntry | undefined> {
      return (await entries(`SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE id = ?`, [id]))[0];
    },

    /** `available` leaves out what promo codes reserve (as of `now`; 0 counts every reserve) */
    async category(ticketId: number, now = 0): Promise<CategoryState | undefined> {
      const r = await db.one<{
        id: number;
        event_id: number;
        title: string;
        available: number;
        max_per_order: number;
        started_at: number;
        finished_at: number | null;
        closed: number;
      }>(
        `SELECT t.id, t.event_id, t.title, t.total - t.sold - t.held - ${reservedForOthers("t.id")} AS available,
           t.max_per_order, s.started_at, s.finished_at,
           CASE WHEN c.ticket_id IS NULL THEN 0 ELSE 1 END AS closed
         FROM tickets t JOIN event_sessions s ON s.id = t.session_id LEFT JOIN waitlist_closed c ON c.ticket_id = t.id
         WHERE t.id = ?`,
        [now, "", ticketId],
      );
      if (!r) return undefined;
      return {
        id: Number(r.id),
        eventId: Number(r.event_id),
        title: parseI18n(r.title) ?? { en: "" },
        available: Number(r.available),
        maxPerOrder: r.max_per_order,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        closed: Number(r.closed) === 1,
      };
    },

    /** The entry of this address in this category's line, while it waits or holds an offer. */
    async active(ticketId: number, emailKey: string): Promise<WaitlistEntry | undefined> {
      return (
        await entries(
          `SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE ticket_id = ? AND email_key = ? AND state IN ('waiting', 'offered')`,
          [ticketId, emailKey],
        )
      )[0];
    },

    async insert(
      e: Pick<WaitlistEntry, "ticketId" | "eventId" | "email" | "emailKey" | "count" | "lang">,
      clientIp: string | null,
      now: number,
    ): Promise<number> {
      const r = await db.one<{ id: number }>(
        `INSERT INTO waitlist_entries (ticket_id, event_id, email, email_key, count, lang, state, client_ip, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?) RETURNING id`,
        [e.ticketId, e.eventId, e.email, e.emailKey, e.count, e.lang, clientIp, now],
      );
      return Number(r?.id);
    },

    /** Sign-ups from one client address, and to one e-mail address, since `since`. */
    joinsByClient(clientIp: string, since: number): Promise<number> {
      return count("SELECT COUNT(*) AS n FROM waitlist_entries WHERE client_ip = ? AND created_at > ?", [
        clientIp,
        since,
      ]);
    },
    joinsByEmail(emailKey: string, since: number): Promise<number> {
      return count("SELECT COUNT(*) AS n FROM waitlist_entries WHERE email_key = ? AND created_at > ?", [
        emailKey,
        since,
      ]);
    },

    /** The line of one category, first come first: the entries still waiting. */
    waiting(ticketId: number): Promise<WaitlistEntry[]> {
      return entries(
        `SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE ticket_id = ? AND state = 'waiting' ORDER BY id`,
        [ticketId],
      );
    },

    /**
     * Categories where someone waits for no more tickets than are free: where an offer can be made
     * now. Asked at every release of expired holds, so a category whose free tickets fit nobody's
     * count costs no transaction.
     */
    async offerable(now: number): Promise<number[]> {
      const rows = await db.all<{ ticket_id: number }>(
        `SELECT DISTINCT w.ticket_id FROM waitlist_entries w JOIN tickets t ON t.id = w.ticket_id
         WHERE w.state = 'waiting' AND w.count <= t.total - t.sold - t.held - ${reservedForOthers("t.id")} ORDER BY w.ticket_id`,
        [now, ""],
      );
      return rows.map((r) => Number(r.ticket_id));
    },

    /** Offers whose time is up. */
    lapsed(now: number): Promise<WaitlistEntry[]> {
      return entries(
        `SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE state = 'offered' AND offer_expires_at <= ? ORDER BY id`,
        [now],
      );
    },

    /** Moves an entry from one state to another; false when it was no longer in `from` (another instance was first). */
    async move(id: number, from: EntryState, to: EntryState, now: number): Promise<boolean> {
      const r = await db.run("UPDATE waitlist_entries SET state = ?, ended_at = ? WHERE id = ? AND state = ?", [
        to,
        now,
        id,
        from,
      ]);
      return r.changes === 1;
    },

    async offer(id: number, now: number, expiresAt: number): Promise<boolean> {
      const r = await db.run(
        "UPDATE waitlist_entries SET state = 'offered', offered_at = ?, offer_expires_at = ? WHERE id = ? AND state = 'waiting'",
        [now, expiresAt, id],
      );
      return r.changes === 1;
    },

    /**
     * Holds `n` more tickets of a category (an offer); false when not that many are free, leaving what promo
     * codes reserve to their holders. Under the ticket's lock.
     */
    async hold(ticketId: number, n: number, now: number): Promise<boolean> {
      const r = await db.run(
        `UPDATE tickets SET held = held + ? WHERE id = ? AND total - sold - held - ${RESERVED_FOR_OTHERS} >= ?`,
        [n, ticketId, now, "", n],
      );
      return r.changes === 1;
    },
    async unhold(ticketId: number, n: number): Promise<void> {
      await db.run("UPDATE tickets SET held = held - ? WHERE id = ?", [n, ticketId]);
    },
    async addSeats(ticketId: number, n: number): Promise<boolean> {
      return (await db.run("UPDATE tickets SET total = total + ? WHERE id = ?", [n, ticketId])).changes === 1;
    },

    async close(ticketIds: number[], now: number): Promise<void> {
      for (const id of ticketIds)
        await db.run(
          "INSERT INTO waitlist_closed (ticket_id, closed_at) VALUES (?, ?) ON CONFLICT (ticket_id) DO NOTHING",
          [id, now],
        );
    },
    ticketsOfEvent(eventId: number): Promise<Array<{ id: number }>> {
      return db.all<{ id: number }>("SELECT id FROM tickets WHERE event_id = ? ORDER BY id", [eventId]);
    },

    /** Per category with a list: who waits, who holds an offer, who took one; newest events' lists included. */
    async summaries(eventId?: number): Promise<ListSummary[]> {
      const where = eventId === undefined ? "" : "WHERE w.event_id = ?";
      const rows = await db.all<{
        ticket_id: number;
        event_id: number;
        waiting: number;
        waiting_tickets: number;
        offered: number;
        offered_tickets: number;
        claimed: number;
        closed: number;
      }>(
        `SELECT w.ticket_id, w.event_id,
           SUM(CASE WHEN w.state = 'waiting' THEN 1 ELSE 0 END) AS waiting,
           SUM(CASE WHEN w.state = 'waiting' THEN w.count ELSE 0 END) AS waiting_tickets,
           SUM(CASE WHEN w.state = 'offered' THEN 1 ELSE 0 END) AS offered,
           SUM(CASE WHEN w.state = 'offered' THEN w.count ELSE 0 END) AS offered_tickets,
           SUM(CASE WHEN w.state = 'claimed' THEN 1 ELSE 0 END) AS claimed,
           MAX(CASE WHEN c.ticket_id IS NULL THEN 0 ELSE 1 END) AS closed
         FROM waitlist_entries w LEFT JOIN waitlist_closed c ON c.ticket_id = w.ticket_id ${where}
         GROUP BY w.ticket_id, w.event_id ORDER BY w.event_id, w.ticket_id`,
        eventId === undefined ? [] : [eventId],
      );
      return rows.map((r) => ({
        ticketId: Number(r.ticket_id),
        eventId: Number(r.event_id),
        waiting: Number(r.waiting),
        waitingTickets: Number(r.waiting_tickets),
        offered: Number(r.offered),
        offeredTickets: Number(r.offered_tickets),
        claimed: Number(r.claimed),
        closed: Number(r.closed) === 1,
      }));
    },

    /** The entries still waiting in these categories. */
    waitingIn(ticketIds: number[]): Promise<WaitlistEntry[]> {
      const ids = inList(ticketIds);
      return entries(
        `SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE state = 'waiting' AND ticket_id IN ${ids.text} ORDER BY id`,
        ids.params,
      );
    },

    /** People in a category's line. */
    waitingCount(ticketId: number): Promise<number> {
      return count("SELECT COUNT(*) AS n FROM waitlist_entries WHERE state = 'waiting' AND ticket_id = ?", [ticketId]);
    },

    /** The entry's place in its line (1 = next), while it waits. */
    position(e: WaitlistEntry): Promise<number> {
      return count("SELECT COUNT(*) AS n FROM waitlist_entries WHERE ticket_id = ? AND state = 'waiting' AND id <= ?", [
        e.ticketId,
        e.id,
      ]);
    },
  };
}
export type WaitlistRepository = ReturnType<typeof waitlistRepository>;
