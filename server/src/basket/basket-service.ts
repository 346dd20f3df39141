import type { components, operations } from "../../../src/core/generated/basket";
import type { CurrencyRow } from "../catalogue/catalogue-repository";
import type { AppDeps } from "../deps";
import { badRequest, conflict, notFound } from "../lib/errors";
import { type Lang, pick } from "../lib/i18n";
import { findCurrency, fromAed, roundMoney } from "../lib/money";
import { toUaeIso } from "../lib/time";
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
    const b = await baskets.get(sessionId);
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
     */
    async change(
      sessionId: string,
      change: BasketChange,
      cur: CurrencyRow,
      lang: Lang,
      clientIp: string | null = null,
    ): Promise<BasketJson> {
      const now = deps.now();
      await deps.releaseExpired(now);
      await deps.db.withTransaction(async () => {
        // several instances: one change of this basket at a time, then (below) one hold of a ticket at a time;
        // always in this order (session, client address, tickets), so two changes never wait on each other
        await deps.db.lockText("session", [sessionId]);
        // a change that finds nothing to change (removing what is not there) writes nothing
        let changed = true;
        const before = await baskets.get(sessionId);
        const heldSince = before && before.items.length > 0 && before.expiresAt !== null ? before.expiresAt : null;
        const c: BasketChange = change;
        // the address's cap is checked and then written: another instance's change from the same address waits
        // (a key no session id can be: those are 32 base64url characters)
        if ((c.type === "ADD_TICKET" || c.type === "UPDATE_TICKET") && clientIp !== null)
          await deps.db.lockText("session", [`client ${clientIp}`]);
        if (c.type === "ADD_TICKET" || c.type === "UPDATE_TICKET") {
          const t = await tickets.get(c.ticketId);
          if (!t) throw notFound(`no ticket ${c.ticketId}`, "unknown_ticket");
          if (!onSale(t, now))
            throw conflict("this event is not on sale (sold out, cancelled or over)", "event_not_on_sale");
          const current = await baskets.heldCount(sessionId, t.id);
          const wanted = c.type === "ADD_TICKET" ? current + c.count : c.count;
          if (wanted > t.maxPerOrder) {
            throw conflict(
              `at most ${t.maxPerOrder} tickets of this kind per order (you would have ${wanted})`,
              "over_max_per_order",
            );
          }
          const delta = wanted - current;
          changed = delta !== 0;
          // an event with a waiting room sells only to sessions it admitted (server/src/onsale)
          if (delta > 0) await deps.onsale.guard(sessionId, t.eventId, now);
          if (delta > 0) await coolDown(sessionId, clientIp, t.id, now);
          if (delta > 0 && clientIp !== null) {
            // baskets and unpaid orders alike: an order waiting 48 hours for a bank transfer holds its tickets too
            const held =
              (await baskets.heldByClient(clientIp, sessionId)) +
              (await baskets.heldInBasket(sessionId)) +
              (await deps.orders.unpaidByClient(clientIp));
            if (held + delta > config.heldPerClient) {
              throw conflict(
                `at most ${config.heldPerClient} tickets can be held from one address at a time`,
                "over_limit",
              );
            }
          }
          // the hold is a guarded update (enough left, or no row changes): instances can never hold the same last seat
          if (!(await baskets.adjustHold(t.id, delta, { sessionId, now }))) {
            throw conflict(
              `not enough tickets left: ${Math.max(0, t.available)} more can be added`,
              "not_enough_tickets",
            );
          }
          await baskets.setItem(sessionId, t.id, wanted);
        } else if (c.type === "DELETE_TICKET") {
          await checkTarget(c);
          const current = await baskets.heldCount(sessionId, c.ticketId);
          changed = current > 0;
          await baskets.adjustHold(c.ticketId, -current);
          await baskets.setItem(sessionId, c.ticketId, 0);
        } else if (c.type === "DELETE_EVENT") {
          await checkTarget(c);
          changed = false;
          const items = [...(before?.items ?? [])].sort((x, y) => x.ticketId - y.ticketId);
          await deps.db.lock(
            "ticket",
            items.map((item) => item.ticketId),
          );
          for (const item of items) {
            const t = await tickets.info(item.ticketId);
            if (t && t.eventId === c.eventId) {
              await baskets.adjustHold(t.id, -item.count);
              await baskets.setItem(sessionId, t.id, 0);
              changed = true;
            }
          }
        }
        if (!changed) return;
        const left = await baskets.itemCount(sessionId);
        await baskets.touch(sessionId, left > 0 ? (heldSince ?? now + holdMs()) : null, now, clientIp);
      });
      return view(sessionId, cur, lang);
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
