/**
 * What happened at the doors: admissions per category and hour, refusals by reason, and the
 * conflicts (a ticket admitted offline at one gate after it was admitted at another).
 */
import type { TicketsRepository } from "../basket/tickets-repository";
import type { Db } from "../db/database";
import { inList } from "../db/sql";
import type { Lang } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import type { IssuedTicket, IssuedTicketsRepository } from "../tickets/issued-tickets";
import type { Report } from "./contract";
import { type CheckinList, type CheckinLists, categoryTitle, wireList } from "./lists";

/** Every scan of some lists. */
function scansOfLists(listIds: readonly number[]): { text: string; params: unknown[] } {
  const ids = inList(listIds);
  return {
    text: `SELECT s.issued_ticket_id, s.status, s.scanned_at, s.undone_at FROM checkin_scans s
      WHERE s.list_id IN ${ids.text} ORDER BY s.id`,
    params: ids.params,
  };
}

/** The conflicts where either scan was at one of the lists. */
function conflictsOf(listIds: readonly number[]): { text: string; params: unknown[] } {
  const ids = inList(listIds);
  return {
    text: `SELECT c.id, c.scanned_at, c.issued_ticket_id, c.device_id, dc.name AS device, lc.name AS list_name,
             f.id AS first_id, f.scanned_at AS first_at, f.device_id AS first_device_id, df.name AS first_device, lf.name AS first_list
      FROM checkin_scans c
      JOIN checkin_scans f ON f.id = c.conflict_with
      JOIN checkin_devices dc ON dc.id = c.device_id JOIN checkin_lists lc ON lc.id = c.list_id
      JOIN checkin_devices df ON df.id = f.device_id JOIN checkin_lists lf ON lf.id = f.list_id
      WHERE c.status = 'conflict' AND (c.list_id IN ${ids.text} OR f.list_id IN ${ids.text})
      ORDER BY c.id`,
    params: [...ids.params, ...ids.params],
  };
}

type ConflictDb = {
  id: number;
  scanned_at: number;
  issued_ticket_id: number;
  device_id: number;
  device: string;
  list_name: string;
  first_id: number;
  first_at: number;
  first_device_id: number;
  first_device: string;
  first_list: string;
};

export function checkinReports(
  db: Db,
  deps: { lists: CheckinLists; issued: IssuedTicketsRepository; tickets: TicketsRepository },
) {
  const { lists, issued, tickets } = deps;

  /** The conflicts of some lists, each with the devices of both sides. */
  async function conflicts(listIds: number[], lang: Lang) {
    const { text, params } = conflictsOf(listIds);
    const out = [];
    for (const c of await db.all<ConflictDb>(text, params)) {
      const ticket = await issued.byId(c.issued_ticket_id);
      out.push({
        code: ticket?.code ?? "",
        name: ticket?.holder ?? "",
        category: ticket ? await categoryTitle(tickets, ticket.ticketId, lang) : "",
        first: { scan_id: c.first_id, at: toUaeIso(c.first_at), device: c.first_device, list: c.first_list },
        second: { scan_id: c.id, at: toUaeIso(c.scanned_at), device: c.device, list: c.list_name },
        device_ids: [c.first_device_id, c.device_id],
      });
    }
    return out;
  }

  return {
    conflicts,

    /** Admissions per category and hour, refusals, duplicates and conflicts over some lists. */
    async report(listIds: number[], lang: Lang): Promise<Report> {
      const chosen: CheckinList[] = [];
      for (const id of listIds) chosen.push(await lists.get(id));
      const { text, params } = scansOfLists(listIds);
      const rows = await db.all<{
        issued_ticket_id: number | null;
        status: string;
        scanned_at: number;
        undone_at: number | null;
      }>(text, params);
      const perCategory = new Map<number, number>();
      const perHour = new Map<string, number>();
      const refused: Record<string, number> = {};
      for (const r of rows) {
        if (r.undone_at !== null) continue;
        if (r.status === "admitted") {
          const ticket = r.issued_ticket_id === null ? undefined : await issued.byId(r.issued_ticket_id);
          if (!ticket) continue;
          perCategory.set(ticket.ticketId, (perCategory.get(ticket.ticketId) ?? 0) + 1);
          const hour = `${toUaeIso(r.scanned_at).slice(0, 13)}:00:00+04:00|${ticket.ticketId}`;
          perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
        } else if (r.status !== "exited") {
          refused[r.status] = (refused[r.status] ?? 0) + 1;
        }
      }
      const expected = new Map<number, number>();
      const scopes = new Map<number, IssuedTicket>();
      for (const list of chosen) for (const t of await lists.scope(list)) if (t.revokedAt === null) scopes.set(t.id, t);
      for (const t of scopes.values()) expected.set(t.ticketId, (expected.get(t.ticketId) ?? 0) + 1);
      const categoryIds = [...new Set([...perCategory.keys(), ...expected.keys()])].sort((a, b) => a - b);
      const wiredLists = [];
      for (const l of chosen) wiredLists.push({ ...wireList(l), counts: await lists.counts(l) });
      const categories = [];
      for (const id of categoryIds)
        categories.push({
          category_id: id,
          category: await categoryTitle(tickets, id, lang),
          admitted: perCategory.get(id) ?? 0,
          expected: expected.get(id) ?? 0,
        });
      return {
        lists: wiredLists,
        categories,
        timeline: [...perHour.entries()]
          .map(([key, admitted]) => {
            const [hour, id] = key.split("|");
            return { hour: hour as string, category_id: Number(id), admitted };
          })
          .sort((a, b) => a.hour.localeCompare(b.hour) || a.category_id - b.category_id),
        duplicates_refused: refused.already_used ?? 0,
        refused,
        conflicts: (await conflicts(listIds, lang)).map(({ device_ids: _ids, ...c }) => c),
      };
    },
  };
}
export type CheckinReports = ReturnType<typeof checkinReports>;
