/**
 * Gates (check-in lists): an event, or some of its sessions and categories, with or without
 * re-entry. What a list covers (the tickets it expects) and how many it admitted.
 */
import type { components } from "../../../src/core/generated/checkin";
import type { TicketsRepository } from "../basket/tickets-repository";
import type { Db } from "../db/database";
import { inList } from "../db/sql";
import { notFound } from "../lib/errors";
import { type I18nText, type Lang, pick } from "../lib/i18n";
import type { IssuedTicket, IssuedTicketsRepository } from "../tickets/issued-tickets";
import type { GateList } from "./redeem-rules";

export interface CheckinList extends GateList {
  id: number;
  name: string;
  createdAt: number;
  closedAt: number | null;
}

type ListDb = {
  id: number;
  event_id: number;
  name: string;
  session_ids: string | null;
  ticket_ids: string | null;
  reentry: number;
  created_at: number;
  closed_at: number | null;
};

const toList = (r: ListDb): CheckinList => ({
  id: r.id,
  eventId: r.event_id,
  name: r.name,
  sessionIds: r.session_ids === null ? null : (JSON.parse(r.session_ids) as number[]),
  categoryIds: r.ticket_ids === null ? null : (JSON.parse(r.ticket_ids) as number[]),
  reentry: r.reentry === 1,
  createdAt: r.created_at,
  closedAt: r.closed_at,
});

/** A list as the contract's CheckinList. */
export function wireList(list: CheckinList): components["schemas"]["CheckinList"] {
  return {
    id: list.id,
    event_id: list.eventId,
    name: list.name,
    session_ids: list.sessionIds && [...list.sessionIds],
    category_ids: list.categoryIds && [...list.categoryIds],
    reentry: list.reentry,
    closed: list.closedAt !== null,
  };
}

export interface Counts {
  admitted: number;
  expected: number;
}

const SQL = {
  insert:
    "INSERT INTO checkin_lists (event_id, name, session_ids, ticket_ids, reentry, created_at) VALUES (?,?,?,?,?,?) RETURNING id",
  byId: "SELECT * FROM checkin_lists WHERE id = ?",
  all: "SELECT * FROM checkin_lists ORDER BY id",
  close: "UPDATE checkin_lists SET closed_at = ? WHERE id = ? AND closed_at IS NULL",
  admittedCount: `SELECT COUNT(DISTINCT issued_ticket_id) AS n FROM checkin_scans
    WHERE list_id = ? AND status = 'admitted' AND undone_at IS NULL`,
  admittedAt: `SELECT s.issued_ticket_id AS id, MAX(s.scanned_at) AS at FROM checkin_scans s JOIN checkin_lists l ON l.id = s.list_id
    WHERE l.event_id = ? AND s.status = 'admitted' AND s.undone_at IS NULL GROUP BY s.issued_ticket_id`,
} as const;

/** Tickets of an event not revoked, in some sessions and categories (null: all). */
function expectedQuery(list: GateList): { text: string; params: unknown[] } {
  let text = "SELECT COUNT(*) AS n FROM issued_tickets WHERE event_id = ? AND revoked_at IS NULL";
  const params: unknown[] = [list.eventId];
  for (const [column, ids] of [
    ["session_id", list.sessionIds],
    ["ticket_id", list.categoryIds],
  ] as const) {
    if (!ids) continue;
    const values = inList(ids);
    text += ` AND ${column} IN ${values.text}`;
    params.push(...values.params);
  }
  return { text, params };
}

/** A ticket category's title in `lang` ("" for one the catalogue no longer has). */
export async function categoryTitle(tickets: TicketsRepository, ticketId: number, lang: Lang): Promise<string> {
  const info = await tickets.info(ticketId);
  return info ? pick(info.title as I18nText, lang) : "";
}

export function checkinLists(db: Db, issued: IssuedTicketsRepository) {
  async function get(id: number): Promise<CheckinList> {
    const r = await db.one<ListDb>(SQL.byId, [id]);
    if (!r) throw notFound(`no check-in list ${id}`, "not_found");
    return toList(r);
  }

  return {
    /** The list; 404 when there is none. */
    get,
    all: async (): Promise<CheckinList[]> => (await db.all<ListDb>(SQL.all)).map(toList),

    async create(
      input: { eventId: number; name: string; sessionIds?: number[]; categoryIds?: number[]; reentry?: boolean },
      now: number,
    ): Promise<CheckinList> {
      const row = await db.one<{ id: number }>(SQL.insert, [
        input.eventId,
        input.name,
        input.sessionIds?.length ? JSON.stringify(input.sessionIds) : null,
        input.categoryIds?.length ? JSON.stringify(input.categoryIds) : null,
        input.reentry ? 1 : 0,
        now,
      ]);
      return get((row as { id: number }).id);
    },

    async close(id: number, now: number): Promise<CheckinList> {
      await get(id);
      await db.run(SQL.close, [now, id]);
      return get(id);
    },

    /** Tickets admitted through the list, and tickets it expects. */
    async counts(list: CheckinList): Promise<Counts> {
      const admitted = (await db.one<{ n: number }>(SQL.admittedCount, [list.id]))?.n ?? 0;
      const { text, params } = expectedQuery(list);
      const expected = (await db.one<{ n: number }>(text, params))?.n ?? 0;
      return { admitted: Number(admitted), expected: Number(expected) };
    },

    /** The tickets of the list's event in its sessions and categories, revoked ones included. */
    async scope(list: GateList): Promise<IssuedTicket[]> {
      return (await issued.ofEvent(list.eventId)).filter(
        (t) =>
          (!list.sessionIds || list.sessionIds.includes(t.sessionId)) &&
          (!list.categoryIds || list.categoryIds.includes(t.ticketId)),
      );
    },

    /** When each ticket of an event was last admitted (at any of its lists), by ticket id. */
    async admittedTimes(eventId: number): Promise<Map<number, number>> {
      return new Map((await db.all<{ id: number; at: number }>(SQL.admittedAt, [eventId])).map((r) => [r.id, r.at]));
    },
  };
}
export type CheckinLists = ReturnType<typeof checkinLists>;
