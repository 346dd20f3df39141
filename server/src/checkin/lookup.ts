/**
 * What a device reads: everything it needs to decide alone when the network is gone (keys,
 * revoked codes, the tickets of its list), and tickets found by name, order number or code.
 */
import { foldDigits, normaliseCode } from "../../../src/core/ticket-code";
import type { TicketsRepository } from "../basket/tickets-repository";
import type { Db } from "../db/database";
import { badRequest } from "../lib/errors";
import { type I18nText, type Lang, parseI18n, pick } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import type { OfflineData, SearchAnswer } from "./contract";
import { type CheckinList, type CheckinLists, categoryTitle, wireList } from "./lists";
import type { SigningKeys } from "./signing";

/** At most this many tickets answer a look-up. */
const SEARCH_MAX = 20;

export function checkinLookup(db: Db, deps: { lists: CheckinLists; tickets: TicketsRepository; keys: SigningKeys }) {
  const { lists, tickets, keys } = deps;

  /** The list's event as the scanner's header names it: its title and the sessions the list admits to. */
  async function eventOf(list: CheckinList, lang: Lang) {
    const row = await db.one<{ title: string }>("SELECT title FROM events WHERE id = ?", [list.eventId]);
    const sessions = (await tickets.sessionsOf(list.eventId)).filter(
      (session) => !list.sessionIds || list.sessionIds.includes(session.id),
    );
    return {
      id: list.eventId,
      title: row ? pick(parseI18n(row.title) as I18nText, lang) : "",
      sessions: sessions.map((session) => ({
        id: session.id,
        started_at: toUaeIso(session.startedAt),
        finished_at: session.finishedAt === null ? null : toUaeIso(session.finishedAt),
      })),
    };
  }

  return {
    /** What a device needs to decide alone: keys, revoked codes and the tickets of its list. */
    async offlineData(list: CheckinList, lang: Lang, now: number): Promise<OfflineData> {
      const admitted = await lists.admittedTimes(list.eventId);
      const inScope = await lists.scope(list);
      const valid = [];
      for (const t of inScope) {
        if (t.revokedAt !== null) continue;
        const at = admitted.get(t.id);
        valid.push({
          id: t.id,
          code: t.code,
          name: t.holder,
          order_number: t.orderNumber,
          category: await categoryTitle(tickets, t.ticketId, lang),
          category_id: t.ticketId,
          session_id: t.sessionId,
          valid_from: toUaeIso(t.validFrom),
          valid_to: toUaeIso(t.validTo),
          admitted_at: at === undefined ? null : toUaeIso(at),
        });
      }
      return {
        generated_at: toUaeIso(now),
        list: wireList(list),
        event: await eventOf(list, lang),
        keys: (await keys.publicKeys()).map((k) => ({ key_id: k.keyId, public_key: k.publicKey })),
        revoked: inScope.filter((t) => t.revokedAt !== null).map((t) => ({ id: t.id, code: t.code })),
        tickets: valid,
        counts: await lists.counts(list),
      };
    },

    /**
     * Tickets of the list whose holder's name or order number contains `q`, or whose code it
     * is (at most 20): each with its code and when it was last admitted, so two tickets of
     * one order are told apart and a used one shows as used.
     */
    async search(list: CheckinList, q: string, lang: Lang): Promise<SearchAnswer["results"]> {
      const needle = foldDigits(q).trim().toLocaleLowerCase();
      if (needle.length < 2) throw badRequest("type at least two characters", "query_too_short");
      const plain = needle.toUpperCase().replace(/[^0-9A-Z]/g, "");
      const code = normaliseCode(q);
      const found = (await lists.scope(list))
        .filter(
          (t) =>
            t.holder.toLocaleLowerCase().includes(needle) ||
            (plain.length >= 3 && t.orderNumber.replace(/-/g, "").includes(plain)) ||
            t.code === code,
        )
        .slice(0, SEARCH_MAX);
      const admitted = await lists.admittedTimes(list.eventId);
      const out = [];
      for (const t of found) {
        const at = admitted.get(t.id);
        out.push({
          code: t.code,
          name: t.holder,
          order_number: t.orderNumber,
          category: await categoryTitle(tickets, t.ticketId, lang),
          revoked: t.revokedAt !== null,
          admitted_at: at === undefined ? null : toUaeIso(at),
        });
      }
      return out;
    },
  };
}
export type CheckinLookup = ReturnType<typeof checkinLookup>;
