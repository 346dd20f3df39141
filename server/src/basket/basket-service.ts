import type { components, operations } from "../../../src/core/generated/basket";
import type { CurrencyRow } from "../catalogue/catalogue-repository";
import type { AppDeps } from "../deps";
import { badRequest, conflict, notFound } from "../lib/errors";
import { type Lang, pick } from "../lib/i18n";
import { findCurrency, fromAed, roundMoney } from "../lib/money";
import { toUaeIso } from "../lib/time";
import type { BasketItemRow, BasketRow } from "./baskets-repository";
import { SessionNotLive, type SessionToCheck } from "./session";
import { sessionOpen, type TicketInfo } from "./tickets-repository";

export type BasketJson = components["schemas"]["Basket"];
export type BasketEventJson = components["schemas"]["BasketEvent"];

/** Counts above this are nonsense rather than a request to buy: 400, not 409. */
export const MAX_SANE_COUNT = 1000;

export type BasketChange =
  | { type: "ADD_TICKET" | "UPDATE_TICKET"; ticketId: number; count: number }
  | { type: "DELETE_TICKET"; ticketId: number }
  | { type: "DELETE_EVENT"; eventId: number };

/** The change request as the contract describes it (checked against its schema before the route runs). */
export type BasketChangeBody = operations["changeBasket"]["requestBody"]["content"]["application/json"];

/**
 * The change the contract's schema has let through, with what it cannot say: a count beyond
 * any real purchase is nonsense (400), and ids must fit a safe integer.
 */
export function toChange(body: BasketChangeBody): BasketChange {
  if (body.type === "DELETE_EVENT") {
    if (!Number.isSafeInteger(body.event.id)) throw badRequest("event.id must be an integer");
    return { type: body.type, eventId: body.event.id };
  }
  if (!Number.isSafeInteger(body.ticket.id)) throw badRequest("ticket.id must be an integer");
  if (body.type === "DELETE_TICKET") return { type: body.type, ticketId: body.ticket.id };
  const { count } = body.ticket;
  if (count > MAX_SANE_COUNT)
    throw badRequest(`ticket.count must be an integer from 1 to ${MAX_SANE_COUNT}`, "invalid_count");
  return { type: body.type, ticketId: body.ticket.id, count };
}

/** How often a basket change may look for expired holds to release, per instance. */
const RELEASE_EVERY_MS = 1000;
// per instance (its dependencies): the services built per request share it
const releasedAt = new WeakMap<AppDeps, number>();

/** A change that met a hold that ran out: rolled back, the expired holds released, then tried once more. */
class ReleaseFirst extends Error {}

export function basketService(deps: AppDeps) {
  const { baskets, tickets, catalogue, config } = deps;
  const holdMs = () => config.holdMinutes * 60_000;

  function currency(code: string | undefined): CurrencyRow {
    return findCurrency(catalogue.data.currencies, code ?? "AED");
  }

  /** Tickets grouped by event, priced in `cur`, in the order they were first added. */
  async function group(
    items: Array<{ ticketId: number; count: number }>,
    cur: CurrencyRow,
    lang: Lang,
  ): Promise<BasketEventJson[]> {
    const byEvent = new Map<number, BasketEventJson>();
    for (const item of items) {
      const t = await tickets.info(item.ticketId);
      if (!t) continue;
      let group = byEvent.get(t.eventId);
      if (!group) {
        const e = catalogue.data.eventsById.get(t.eventId);
        const place = e ? catalogue.data.places.get(e.placeId) : undefined;
        group = {
          event: {
            id: t.eventId,
            event_source_id: e?.eventSourceId ?? 0,
            title: e ? pick(e.title, lang) : "",
            started_at: toUaeIso(e?.startedAt ?? t.startedAt),
            place: place ? { id: place.id, title: pick(place.title, lang) } : {},
          },
          tickets: [],
        };
        byEvent.set(t.eventId, group);
      }
      group.tickets.push({
        id: t.id,
        title: pick(t.title, lang),
        price: fromAed(t.priceAed, cur),
        count: item.count,
        started_at: toUaeIso(t.startedAt),
        ends_at: t.finishedAt === null ? null : toUaeIso(t.finishedAt),
        extra: { service_fee: fromAed(t.feeAed, cur) },
      });
    }
    return [...byEvent.values()];
  }

  async function view(sessionId: string, cur: CurrencyRow, lang: Lang): Promise<BasketJson> {
    return viewOf(await baskets.get(sessionId), cur, lang);
  }

  async function viewOf(b: BasketRow | null, cur: CurrencyRow, lang: Lang): Promise<BasketJson> {
    const items = b?.items ?? [];
    return {
      currency_code: cur.code,
      events: await group(items, cur, lang),
      expires_at: b?.expiresAt != null && items.length > 0 ? toUaeIso(b.expiresAt) : null,
      updated_at: b?.updatedAt != null ? toUaeIso(b.updatedAt) : null,
    };
  }

  /**
   * A session that let its hold of a ticket run out, and the buyers it is known as (the e-mail
   * addresses of its orders), cannot hold that ticket again for `holdCooldownMinutes`: holding
   * the scarce seats by re-adding them at every expiry would keep them from everyone else. A
   * client address waits too, but only once `holdCooldownClientTickets` of that ticket ran out
   * from it within the cool-down: many visitors share an address (a mall's Wi-Fi, a carrier's
   * NAT), and one of them letting a hold run out must not block the others.
   */
  async function coolDown(sessionId: string, clientIp: string | null, ticketId: number, now: number): Promise<void> {
    const windowMs = config.holdCooldownMinutes * 60_000;
    if (windowMs <= 0) return;
    const since = async (scope: "hold-expired-session" | "hold-expired-buyer", key: string) =>
      (await deps.throttle.recent(scope, `${key} ${ticketId}`, windowMs, now)).last ?? 0;
    let last = await since("hold-expired-session", sessionId);
    for (const buyer of await baskets.buyersOf(sessionId))
      last = Math.max(last, await since("hold-expired-buyer", buyer));
    let waitMs = last > 0 ? last + windowMs - now : 0;
    if (clientIp !== null) {
      const max = Math.max(1, config.holdCooldownClientTickets);
      waitMs = Math.max(
        waitMs,
        await deps.throttle.waitMs("hold-expired-client", `${clientIp} ${ticketId}`, max, windowMs, now),
      );
    }
    if (waitMs <= 0) return;
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw conflict(
      `your hold of these tickets ran out a moment ago; they can be held again in ${minutes} min (others get a chance first)`,
      "hold_cooldown",
    );
  }

  /** What a removal names must exist (404 otherwise), whether or not the basket has it. */
  async function checkTarget(change: BasketChange & { type: "DELETE_TICKET" | "DELETE_EVENT" }): Promise<void> {
    if (change.type === "DELETE_TICKET") {
      if (!(await tickets.info(change.ticketId))) throw notFound(`no ticket ${change.ticketId}`, "unknown_ticket");
    } else if (!catalogue.data.eventsById.has(change.eventId))
      throw notFound(`no event ${change.eventId}`, "not_found");
  }

  function onSale(t: TicketInfo, now: number): boolean {
    const e = catalogue.data.eventsById.get(t.eventId);
    return !!e && (e.status === "on_sale" || e.status === "postponed") && sessionOpen(t, now);
  }

  /**
   * Expired holds are released at most once a second per instance on the basket's way (the sweeper's timer
   * does the rest): a hold refused for want of seats releases them at once and is tried again, so a hold
   * that ran out never costs a buyer a seat.
   */
  async function releaseExpiredNow(now: number): Promise<void> {
    const last = releasedAt.get(deps) ?? Number.NEGATIVE_INFINITY;
    if (now - last < RELEASE_EVERY_MS && now >= last) return;
    releasedAt.set(deps, now);
    await deps.releaseExpired(now);
  }

  /** The basket after a change: an item keeps its place, a new one goes last, a count of 0 leaves. */
  function withCount(rows: BasketItemRow[], ticketId: number, count: number): BasketItemRow[] {
    const kept = rows
      .filter((i) => i.ticketId !== ticketId || count > 0)
      .map((i) => (i.ticketId === ticketId ? { ticketId, count } : i));
    return count > 0 && !rows.some((i) => i.ticketId === ticketId) ? [...kept, { ticketId, count }] : kept;
  }

  /**
   * One try of a change, in one transaction. The round trips are few, and the hot row (the ticket's
   * `held`) is written last, so it stays locked for one round trip and the commit: the basket is read
   * once, and what the answer shows is what the change wrote. Returns the basket after the change.
   */
  async function changeOnce(
    sessionId: string,
    c: BasketChange,
    clientIp: string | null,
    now: number,
    retried: boolean,
  ): Promise<BasketRow | null> {
    const adding = c.type === "ADD_TICKET" || c.type === "UPDATE_TICKET";
    return deps.db.withTransaction(async () => {
      // several instances: one change of this basket at a time (and, when adding, of the address's holds: its cap is
      // checked and then written), then one hold of a ticket at a time; the address's key is one no session id can be
      // (those are 32 base64url characters); the two are taken in one round trip, sorted, as every taker sorts them
      await deps.db.lockText("session", adding && clientIp !== null ? [sessionId, `client ${clientIp}`] : [sessionId]);
      const before = await baskets.get(sessionId);
      const items = before?.items ?? [];
      // the basket's own hold ran out and no sweep has released it yet: released first, never extended
      if (!retried && before?.expiresAt != null && before.expiresAt <= now && items.length > 0)
        throw new ReleaseFirst();
      const heldSince = items.length > 0 && before?.expiresAt != null ? before.expiresAt : null;
      const at = { sessionId, clientIp, now, retried, before, items, heldSince };
      if (c.type === "DELETE_TICKET") {
        await checkTarget(c);
        return putBack([c.ticketId], at);
      }
      if (c.type === "DELETE_EVENT") {
        await checkTarget(c);
        return putBackEvent(c.eventId, at);
      }
      return hold(c, at);
    });
  }

  /**
   * PostgreSQL, a ticket added or removed: the whole change in one round trip, without BEGIN and COMMIT
   * (migration 0010's function does what `changeOnce` does, under the same locks). What it cannot do is left to
   * `changeOnce`: an event with an open waiting room (its guard records the admission's use in the change's
   * transaction) is undefined here; a hold that ran out or a hold refused throws ReleaseFirst.
   */
  async function changeInOne(
    session: SessionToCheck,
    c: Exclude<BasketChange, { type: "DELETE_EVENT" }>,
    clientIp: string | null,
    now: number,
  ): Promise<BasketRow | undefined> {
    const sessionId = session.id;
    // a new count may be more or less than the basket's, which decides the checks: one more round trip
    if (c.type === "UPDATE_TICKET") return undefined;
    const t = await tickets.info(c.ticketId);
    if (!t) throw notFound(`no ticket ${c.ticketId}`, "unknown_ticket");
    const add = c.type === "ADD_TICKET" ? c.count : 0;
    if (add > 0) {
      if (!onSale(t, now))
        throw conflict("this event is not on sale (sold out, cancelled or over)", "event_not_on_sale");
      // the guard reads the same once-a-second list of open waiting rooms: without one it lets everyone through
      if (await deps.onsale.isOpen(t.eventId)) return undefined;
      await coolDown(sessionId, clientIp, t.id, now);
    }
    const r = await baskets.changeInOne({
      sessionId,
      ticketId: t.id,
      add,
      clientIp,
      now,
      holdMs: holdMs(),
      maxPerOrder: t.maxPerOrder,
      heldPerClient: config.heldPerClient,
      // a session this request has not read yet is found by the same call, which changes nothing if it is not live
      checkSession: !session.live,
    });
    const found = r.session;
    if (found && found.state !== "valid") throw new SessionNotLive(found.state);
    if (found && !session.live) session.foundLive(found.promoCodeId);
    if (r.outcome === "expired" || r.outcome === "not_enough_tickets") throw new ReleaseFirst();
    if (r.outcome === "over_max_per_order") throw overMaxPerOrder(t.maxPerOrder, r.wanted);
    if (r.outcome === "over_limit") throw overLimit();
    return r.basket;
  }

  const overMaxPerOrder = (max: number, wanted: number) =>
    conflict(`at most ${max} tickets of this kind per order (you would have ${wanted})`, "over_max_per_order");
  const overLimit = () =>
    conflict(`at most ${config.heldPerClient} tickets can be held from one address at a time`, "over_limit");

  /** What `changeOnce` knows when it applies the change. */
  interface ChangeAt {
    sessionId: string;
    clientIp: string | null;
    now: number;
    retried: boolean;
    before: BasketRow | null;
    items: BasketItemRow[];
    /** when the basket's hold ends, if it holds anything */
    heldSince: number | null;
  }

  const touched = (left: BasketItemRow[], at: ChangeAt) => ({
    expiresAt: left.length > 0 ? (at.heldSince ?? at.now + holdMs()) : null,
    now: at.now,
    clientIp: at.clientIp,
  });
  const result = (left: BasketItemRow[], at: ChangeAt): BasketRow => ({
    sessionId: at.sessionId,
    expiresAt: touched(left, at).expiresAt,
    updatedAt: at.now,
    items: left,
  });

  async function hold(
    c: BasketChange & { type: "ADD_TICKET" | "UPDATE_TICKET" },
    at: ChangeAt,
  ): Promise<BasketRow | null> {
    const { sessionId, clientIp, now, items } = at;
    const t = await tickets.info(c.ticketId);
    if (!t) throw notFound(`no ticket ${c.ticketId}`, "unknown_ticket");
    if (!onSale(t, now)) throw conflict("this event is not on sale (sold out, cancelled or over)", "event_not_on_sale");
    const current = items.find((i) => i.ticketId === t.id)?.count ?? 0;
    const wanted = c.type === "ADD_TICKET" ? current + c.count : c.count;
    if (wanted > t.maxPerOrder) {
      throw overMaxPerOrder(t.maxPerOrder, wanted);
    }
    const delta = wanted - current;
    // a change that changes nothing writes nothing
    if (delta === 0) return at.before;
    if (delta > 0) {
      // an event with a waiting room sells only to sessions it admitted (server/src/onsale)
      await deps.onsale.guard(sessionId, t.eventId, now);
      await coolDown(sessionId, clientIp, t.id, now);
      if (clientIp !== null) {
        const inBasket = items.reduce((sum, i) => sum + i.count, 0);
        if ((await baskets.heldByClient(clientIp, sessionId)) + inBasket + delta > config.heldPerClient) {
          throw overLimit();
        }
      }
    }
    const left = withCount(items, t.id, wanted);
    await baskets.write(sessionId, t.id, wanted, touched(left, at));
    // last: the hold is a guarded update (enough left, or no row changes), so instances can never hold the same
    // last seat, and the ticket's row is locked only until the commit that follows
    if (!(await baskets.adjustHold(t.id, delta, { sessionId, now }))) {
      if (!at.retried) throw new ReleaseFirst();
      const available = (await tickets.get(t.id))?.available ?? 0;
      throw conflict(`not enough tickets left: ${Math.max(0, available)} more can be added`, "not_enough_tickets");
    }
    return result(left, at);
  }

  /** Puts back what the basket holds of these tickets; their rows are locked in the order of their ids. */
  async function putBack(ticketIds: number[], at: ChangeAt): Promise<BasketRow | null> {
    const held = at.items.filter((i) => ticketIds.includes(i.ticketId)).sort((x, y) => x.ticketId - y.ticketId);
    if (held.length === 0) return at.before;
    if (held.length > 1)
      await deps.db.lock(
        "ticket",
        held.map((i) => i.ticketId),
      );
    let left = at.items;
    for (const i of held) left = withCount(left, i.ticketId, 0);
    for (const [n, i] of held.entries()) {
      // the basket's row is written with the first removal
      if (n === 0) await baskets.write(at.sessionId, i.ticketId, 0, touched(left, at));
      else await baskets.setItem(at.sessionId, i.ticketId, 0);
    }
    for (const i of held) await baskets.adjustHold(i.ticketId, -i.count);
    return result(left, at);
  }

  async function putBackEvent(eventId: number, at: ChangeAt): Promise<BasketRow | null> {
    const ids: number[] = [];
    for (const i of at.items) if ((await tickets.info(i.ticketId))?.eventId === eventId) ids.push(i.ticketId);
    return putBack(ids, at);
  }

  return {
    currency,
    group,
    checkTarget,
    totals(events: BasketEventJson[], cur: CurrencyRow) {
      let price = 0;
      let fee = 0;
      let count = 0;
      for (const e of events)
        for (const t of e.tickets) {
          price += t.price * t.count;
          fee += (t.extra?.service_fee ?? 0) * t.count;
          count += t.count;
        }
      return { price: roundMoney(price, cur.decimals), service_fee: roundMoney(fee, cur.decimals), count };
    },

    async get(sessionId: string, cur: CurrencyRow, lang: Lang): Promise<BasketJson> {
      await deps.releaseExpired(deps.now());
      return view(sessionId, cur, lang);
    },

    /**
     * Applies one change inside a transaction; any error leaves the basket as it was.
     * The hold runs from the first ticket put in: later changes do not extend it.
     * `session` may not be known live yet: on PostgreSQL the change's one call finds it; any other way, it is
     * confirmed before anything is written. Not live, it throws SessionNotLive, having changed nothing.
     */
    async change(
      session: SessionToCheck,
      change: BasketChange,
      cur: CurrencyRow,
      lang: Lang,
      clientIp: string | null = null,
    ): Promise<BasketJson> {
      const now = deps.now();
      await releaseExpiredNow(now);
      const sessionId = session.id;
      let after: BasketRow | null | undefined;
      try {
        if (deps.db.engine === "postgres" && change.type !== "DELETE_EVENT")
          after = await changeInOne(session, change, clientIp, now);
        if (after === undefined) {
          await session.confirm();
          after = await changeOnce(sessionId, change, clientIp, now, false);
        }
      } catch (err) {
        if (!(err instanceof ReleaseFirst)) throw err;
        // refused for want of seats, the call rolled back whatever it found of the session too
        await session.confirm();
        // a hold that ran out keeps no seat from anyone: released (and offered to the waiting list) before the retry
        await deps.releaseExpired(now);
        after = await changeOnce(sessionId, change, clientIp, now, true);
      }
      return viewOf(after, cur, lang);
    },
    async clear(sessionId: string, cur: CurrencyRow, lang: Lang): Promise<BasketJson> {
      const now = deps.now();
      await deps.db.withTransaction(async () => {
        await deps.db.lockText("session", [sessionId]);
        await baskets.releaseBasket(sessionId, now);
        await baskets.touch(sessionId, null, now);
      });
      return view(sessionId, cur, lang);
    },
  };
}
export type BasketService = ReturnType<typeof basketService>;
