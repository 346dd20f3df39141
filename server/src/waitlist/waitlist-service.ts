import type { components } from "../../../src/core/generated/basket";
import { isStoredSessionOver } from "../../../src/core/sessions";
import type { AppDeps } from "../deps";
import { validEmail } from "../lib/email";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors";
import { type Lang, pick } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import { buyerKey } from "../orders/buyer-key";
import { composeWaitlistMail, entryLink, type WaitlistMailKind, type WaitlistOutbox } from "./waitlist-mail";
import type { CategoryState, WaitlistEntry, WaitlistRepository } from "./waitlist-repository";
import type { WaitlistTokens } from "./waitlist-tokens";

export type WaitlistEntryJson = components["schemas"]["WaitlistEntry"];
export type WaitlistStatusJson = components["schemas"]["WaitlistStatus"];
export type WaitlistJoinBody = components["schemas"]["WaitlistJoin"];

export interface WaitlistParts {
  repo: WaitlistRepository;
  outbox: WaitlistOutbox;
  tokens: WaitlistTokens;
}

const HOUR_MS = 3600_000;

const tooMany = (detail: string): HttpError =>
  new HttpError(429, detail, "too_many_requests", { "Retry-After": "3600" });

/**
 * The waiting list of sold-out ticket categories. Tickets offered to someone are counted in
 * tickets.held, changed only under the category's lock (`db.lock("ticket", …)`) like every hold and
 * sale, so they are never sold to anyone else while the offer runs. Offers are made by `offerFreed`,
 * which every instance runs whenever expired holds are released (and on its timer); whichever
 * instance takes the lock first makes the offer, the others find the tickets held.
 */
export function waitlistService(deps: AppDeps, { repo, outbox, tokens }: WaitlistParts) {
  const { db, config } = deps;
  const offerMs = () => Math.max(1, config.waitlistOfferHours) * HOUR_MS;

  function onSale(c: CategoryState, now: number): boolean {
    const e = deps.catalogue.data.eventsById.get(c.eventId);
    return !!e && (e.status === "on_sale" || e.status === "postponed") && !isStoredSessionOver(c, now);
  }

  async function queueMail(kind: WaitlistMailKind, e: WaitlistEntry, c: CategoryState, now: number): Promise<void> {
    const event = deps.catalogue.data.eventsById.get(e.eventId);
    const mail = composeWaitlistMail(kind, e, {
      eventTitle: event ? pick(event.title, e.lang) : "",
      ticketTitle: pick(c.title, e.lang),
      offerUrl: entryLink(config.siteUrl, e.eventId, e.lang, "offer", tokens.sign("offer", e.id)),
      leaveUrl: entryLink(config.siteUrl, e.eventId, e.lang, "leave", tokens.sign("leave", e.id)),
      offerHours: config.waitlistOfferHours,
    });
    await outbox.queue(e, kind, mail, now);
  }

  async function view(e: WaitlistEntry, lang: Lang): Promise<WaitlistEntryJson> {
    const c = await repo.category(e.ticketId);
    const event = deps.catalogue.data.eventsById.get(e.eventId);
    return {
      state: e.state,
      count: e.count,
      event: { id: e.eventId, title: event ? pick(event.title, lang) : "" },
      ticket: { id: e.ticketId, title: c ? pick(c.title, lang) : "" },
      position: e.state === "waiting" ? await repo.position(e) : null,
      offer_expires_at: e.state === "offered" && e.offerExpiresAt !== null ? toUaeIso(e.offerExpiresAt) : null,
    };
  }

  async function entryOf(token: unknown, purposes: Array<"offer" | "leave">): Promise<WaitlistEntry> {
    const v = tokens.verify(token, purposes);
    const e = v && (await repo.get(v.id));
    if (!e) throw notFound("this waiting-list link is not valid (mistyped, or not from our e-mail)", "unknown_entry");
    return e;
  }

  /** Offers of `ticketId` to the people waiting, in line order; a person whose count does not fit keeps their place. */
  async function offerCategory(ticketId: number, now: number): Promise<number> {
    return db.withTransaction(async () => {
      await db.lock("ticket", [ticketId]);
      const c = await repo.category(ticketId, now);
      if (!c || c.closed || !onSale(c, now)) return 0;
      let free = c.available;
      let made = 0;
      for (const e of await repo.waiting(ticketId)) {
        if (free <= 0) break;
        if (e.count > free) continue;
        const expiresAt = now + offerMs();
        if (!(await repo.offer(e.id, now, expiresAt))) continue;
        // under the lock `free` is exact: a failure here is a bug, and the transaction undoes the offer
        if (!(await repo.hold(ticketId, e.count, now)))
          throw new Error(`waiting list: could not hold ${e.count} of ${ticketId}`);
        free -= e.count;
        made += 1;
        await queueMail("offer", { ...e, state: "offered", offeredAt: now, offerExpiresAt: expiresAt }, c, now);
      }
      return made;
    });
  }

  /** Ends an offer (it lapsed, or its holder left): its tickets are free again for the next in line. */
  async function endOffer(e: WaitlistEntry, to: "lapsed" | "left", now: number): Promise<boolean> {
    return db.withTransaction(async () => {
      await db.lock("ticket", [e.ticketId]);
      if (!(await repo.move(e.id, "offered", to, now))) return false;
      await repo.unhold(e.ticketId, e.count);
      return true;
    });
  }

  const service = {
    repo,
    outbox,
    tokens,
    /** Says that e-mails were queued: the plugin's mailer delivers them soon (a no-op where nobody delivers). */
    kick: (): void => undefined,

    /**
     * Offers that ran out pass on, and tickets that came back (holds or unpaid orders that expired,
     * orders cancelled, seats added) are offered to the next people in line. Returns the offers made.
     */
    async offerFreed(now: number): Promise<number> {
      for (const e of await repo.lapsed(now)) await endOffer(e, "lapsed", now);
      let made = 0;
      for (const ticketId of await repo.offerable(now)) made += await offerCategory(ticketId, now);
      if (made > 0) service.kick();
      return made;
    },

    /** Whether a category takes sign-ups now, and how many wait. */
    async status(ticketId: number): Promise<WaitlistStatusJson> {
      const c = await repo.category(ticketId);
      if (!c) throw notFound(`no ticket ${ticketId}`, "unknown_ticket");
      const now = deps.now();
      const soldOut = c.available <= 0;
      return {
        ticket_id: ticketId,
        sold_out: soldOut,
        open: soldOut && !c.closed && onSale(c, now),
        waiting: await repo.waitingCount(ticketId),
      };
    },

    async join(
      body: WaitlistJoinBody,
      lang: Lang,
      sessionId: string,
      clientIp: string | null,
    ): Promise<WaitlistEntryJson> {
      const now = deps.now();
      const email = validEmail(body.email);
      if (email === null) throw badRequest("email is not a valid e-mail address", "invalid_email");
      const c = await repo.category(body.ticket_id);
      if (!c) throw notFound(`no ticket ${body.ticket_id}`, "unknown_ticket");
      if (!onSale(c, now)) throw conflict("this event is not on sale (cancelled or over)", "event_not_on_sale");
      if (body.count > c.maxPerOrder)
        throw badRequest(`count must be from 1 to ${c.maxPerOrder} (the most one order can have)`, "invalid_count");
      if (c.closed) throw conflict("the organiser has closed the waiting list of these tickets", "waitlist_closed");
      const emailKey = buyerKey(email);
      if (clientIp !== null && (await repo.joinsByClient(clientIp, now - HOUR_MS)) >= config.waitlistJoinsPerClientHour)
        throw tooMany("too many waiting-list sign-ups from this address; try again in an hour");
      if ((await repo.joinsByEmail(emailKey, now - HOUR_MS)) >= config.waitlistJoinsPerEmailHour)
        throw tooMany("too many waiting-list sign-ups for this e-mail address; try again in an hour");
      const solution = await deps.captcha.verify(body.captcha);
      const id = await db.withTransaction(async () => {
        await db.lock("ticket", [c.id]);
        const fresh = await repo.category(c.id);
        if (fresh && fresh.available >= body.count)
          throw conflict("these tickets are on sale again: put them in your basket instead", "not_sold_out");
        if (await repo.active(c.id, emailKey))
          throw conflict("this e-mail address is already on the waiting list of these tickets", "already_waiting");
        await deps.captcha.spend(solution, sessionId);
        const entryId = await repo.insert(
          { ticketId: c.id, eventId: c.eventId, email, emailKey, count: body.count, lang },
          clientIp,
          now,
        );
        const e = await repo.get(entryId);
        if (e) await queueMail("joined", e, c, now);
        return entryId;
      });
      const e = await repo.get(id);
      if (!e) throw new Error("waiting list: the new entry vanished");
      return view(e, lang);
    },

    /** What a signed link names: the entry, where it stands, and the offer's end. */
    async show(token: unknown, lang: Lang): Promise<WaitlistEntryJson> {
      return view(await entryOf(token, ["leave", "offer"]), lang);
    },

    /** Leaves the list; an offer held is given up and passes on at once. Leaving twice changes nothing. */
    async leave(token: unknown, lang: Lang): Promise<WaitlistEntryJson> {
      const e = await entryOf(token, ["leave", "offer"]);
      const now = deps.now();
      if (e.state === "waiting") await repo.move(e.id, "waiting", "left", now);
      else if (e.state === "offered" && (await endOffer(e, "left", now))) await service.offerFreed(now);
      return view((await repo.get(e.id)) ?? e, lang);
    },

    /**
     * Takes an offer: its tickets move into the visitor's basket (their hold moves with them, so
     * they are never free in between) for what is left of the offer's time.
     */
    async claim(token: unknown, lang: Lang, sessionId: string, clientIp: string | null): Promise<WaitlistEntryJson> {
      const found = await entryOf(token, ["offer"]);
      const now = deps.now();
      await db.withTransaction(async () => {
        // the session before the ticket, as the basket and the orders take them
        await db.lockText("session", [sessionId]);
        await db.lock("ticket", [found.ticketId]);
        const e = await repo.get(found.id);
        if (!e || e.state === "claimed")
          throw conflict("these tickets were already put in a basket from this link", "offer_taken");
        if (e.state !== "offered" || e.offerExpiresAt === null || e.offerExpiresAt <= now)
          throw conflict("this offer has ended: its tickets went to the next person in line", "offer_ended");
        const c = await repo.category(e.ticketId);
        if (!c) throw notFound(`no ticket ${e.ticketId}`, "unknown_ticket");
        await repo.move(e.id, "offered", "claimed", now);
        const before = await deps.baskets.get(sessionId);
        const had = await deps.baskets.heldCount(sessionId, e.ticketId);
        const count = Math.min(c.maxPerOrder, had + e.count);
        // beyond the most one order can have, the basket's own extra tickets go back
        if (had + e.count > count) await repo.unhold(e.ticketId, had + e.count - count);
        await deps.baskets.setItem(sessionId, e.ticketId, count);
        const heldUntil =
          before && before.items.length > 0 && before.expiresAt !== null ? before.expiresAt : e.offerExpiresAt;
        await deps.baskets.touch(sessionId, Math.max(heldUntil, e.offerExpiresAt), now, clientIp);
      });
      return view((await repo.get(found.id)) ?? found, lang);
    },

    /** Closes the lists of an event (or one category): nobody joins, the people waiting are told and leave it. */
    async close(eventId: number, ticketId?: number): Promise<number> {
      const ids =
        ticketId === undefined
          ? (await repo.ticketsOfEvent(eventId)).map((t) => Number(t.id))
          : (await repo.ticketsOfEvent(eventId)).map((t) => Number(t.id)).filter((id) => id === ticketId);
      if (ids.length === 0)
        throw notFound(
          ticketId === undefined ? `event ${eventId} has no tickets` : `event ${eventId} has no ticket ${ticketId}`,
        );
      const now = deps.now();
      let told = 0;
      for (const id of ids)
        told += await db.withTransaction(async () => {
          await db.lock("ticket", [id]);
          await repo.close([id], now);
          const c = await repo.category(id);
          let n = 0;
          for (const e of await repo.waiting(id)) {
            if (!c || !(await repo.move(e.id, "waiting", "closed", now))) continue;
            await queueMail("closed", { ...e, state: "closed" }, c, now);
            n += 1;
          }
          return n;
        });
      return told;
    },

    /** More seats for a category; they go to the people waiting first. Returns the offers made. */
    async addSeats(ticketId: number, count: number): Promise<number> {
      const added = await db.withTransaction(async () => {
        await db.lock("ticket", [ticketId]);
        return repo.addSeats(ticketId, count);
      });
      if (!added) throw notFound(`no ticket ${ticketId}`, "unknown_ticket");
      return service.offerFreed(deps.now());
    },
  };
  return service;
}
export type WaitlistService = ReturnType<typeof waitlistService>;
