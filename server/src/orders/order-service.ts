import { randomBytes, randomInt } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { operations } from "../../../src/core/generated/basket";
import { type BasketEventJson, basketService } from "../basket/basket-service";
import { rotateSession } from "../basket/session";
import { sessionOpen, type TicketInfo } from "../basket/tickets-repository";
import type { AcquisitionRow } from "../catalogue/catalogue-repository";
import { siteOriginCheck } from "../config";
import type { AppDeps, WireOrder } from "../deps";
import { validEmail } from "../lib/email";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors";
import { LANGS, type Lang, pick } from "../lib/i18n";
import { roundMoney } from "../lib/money";
import { toUaeIso } from "../lib/time";
import { buyerName, plainText } from "../lib/validate";
import { buyerKey } from "./buyer-key";
import { INITIAL_STATE, mayHappen } from "./order-states";
import {
  type FailEvent,
  type NewOrder,
  numberKey,
  type OrderActor,
  type OrderPaidEvent,
  type OrderRow,
  type StoredTicket,
} from "./orders-repository";
import { lookupLockOut } from "./throttle";

const PHONE_RE = /^(\+|00)?[0-9][0-9 ().-]{4,30}$/;

/**
 * The buyer's phone in E.164 ("+971501234567"), or null when it cannot be dialled. A number
 * without a country code is read as a UAE one, as the checkout does; what is stored is E.164.
 */
function e164Phone(phone: string): string | null {
  const typed = phone.trim();
  if (typed.length > 32 || !PHONE_RE.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed.replace(/^00/, "+"), "AE");
  return parsed?.isValid() ? parsed.number : null;
}
/** Order numbers and ticket codes avoid look-alikes: no 0/O, 1/I/L. */
const PEOPLE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const randomChars = (n: number): string =>
  Array.from({ length: n }, () => PEOPLE_ALPHABET[randomInt(PEOPLE_ALPHABET.length)]).join("");

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Ways to pay on the acquirer's hosted page; the others (bank transfer, cash) are paid outside the shop. */
export const HOSTED_TYPES = new Set(["card", "apple_pay", "google_pay"]);

export interface OrderInput {
  email: string;
  name: string;
  phone: string | null;
  acquisitionId: number | null;
  currencyCode: string;
  lang: Lang | null;
  captcha: unknown;
  utm: Record<string, string> | null;
}

/** An order request as the contract describes it (checked against its schema before the route runs). */
export type OrderBody = operations["createOrder"]["requestBody"]["content"]["application/json"];
export type LookupBody = operations["lookupOrder"]["requestBody"]["content"]["application/json"];
export type PaymentBody = operations["startPayment"]["requestBody"]["content"]["application/json"];

/**
 * The order request the contract's schema has let through, with the rules a schema cannot
 * say: the WHATWG valid e-mail address in IDNA form (what is stored is what the e-mail goes
 * to), a name of letters, a phone that can be dialled, campaign tags without control
 * characters. Throws the contract's 400 with its code; nothing is changed before this passes.
 */
export function parseOrder(body: OrderBody): OrderInput {
  const { email, name, phone, acquisition_id, currency_code, lang, captcha, utm } = body;
  const cleanEmail = validEmail(email);
  if (cleanEmail === null) throw badRequest("email is not a valid address", "invalid_email");
  const cleanName = buyerName(name);
  const phoneGiven = phone !== undefined && phone !== null && phone !== "";
  const cleanPhone = phoneGiven ? e164Phone(phone) : null;
  if (phoneGiven && cleanPhone === null) throw badRequest("phone is not a valid phone number", "invalid_phone");
  if (acquisition_id !== undefined && acquisition_id !== null && !Number.isSafeInteger(acquisition_id))
    throw badRequest("acquisition_id must be an integer", "unknown_acquisition");
  if (currency_code === "") throw badRequest("currency_code is required", "unknown_currency");
  let utmOut: Record<string, string> | null = null;
  if (utm !== undefined && utm !== null) {
    utmOut = {};
    for (const key of ["utm_source", "utm_campaign", "utm_term"] as const) {
      const v = utm[key];
      if (v === undefined || v === null) continue;
      utmOut[key] = plainText(v, `utm.${key}`, 200);
    }
  }
  return {
    email: cleanEmail,
    name: cleanName,
    phone: cleanPhone,
    acquisitionId: acquisition_id ?? null,
    currencyCode: currency_code,
    lang: lang ?? null,
    captcha,
    utm: utmOut,
  };
}

/**
 * Orders: made from the basket in one transaction, paid on the acquirer's hosted page,
 * expired when unpaid in time, found again by number and email.
 */
export function orderService(deps: AppDeps) {
  const { orders, payments, tickets, catalogue, config } = deps;
  const baskets = basketService(deps);

  function acquisitionOf(id: number): AcquisitionRow {
    const a = catalogue.data.acquisitions.find((x) => x.id === id);
    if (!a) throw badRequest(`no way to pay with id ${id}`, "unknown_acquisition");
    return a;
  }

  /**
   * A ticket is never sold for a session that is over, whatever the browser sends: it may
   * have been put in the basket while the session was still on.
   */
  function refuseEnded(t: TicketInfo, now: number): void {
    if (sessionOpen(t, now)) return;
    const e = catalogue.data.eventsById.get(t.eventId);
    const what = e ? `"${pick(e.title, "en")}"` : `event ${t.eventId}`;
    throw conflict(
      `the session of ${what} that started at ${toUaeIso(t.startedAt)} has ended; remove its tickets to go on`,
      "event_not_on_sale",
    );
  }

  async function newNumber(): Promise<string> {
    for (;;) {
      const n = `UAE-${randomChars(6)}`;
      if (!(await orders.numberTaken(n))) return n;
    }
  }

  /** One code and signed QR text per admitted person, recorded unique by the check-in service. */
  async function issueTickets(
    order: { id: string; number: string; name: string },
    items: Array<{ ticketId: number; count: number }>,
  ): Promise<StoredTicket[]> {
    return (await deps.checkin.issue(order, items, deps.now())).map((t) => ({
      ...t,
      started_at: t.started_at === null ? null : toUaeIso(t.started_at),
      ends_at: t.ends_at === null ? null : toUaeIso(t.ends_at),
    }));
  }

  /** The contract's Order in `lang` (the order's own language when not given). */
  async function render(o: OrderRow, lang?: Lang): Promise<WireOrder> {
    const l = lang ?? o.lang;
    const byLang = JSON.parse(o.eventsJson) as Partial<Record<Lang, BasketEventJson[]>>;
    const promo = await deps.promo.ofOrder(o.id);
    return {
      id: o.id,
      number: o.number,
      status: o.status,
      email: o.email,
      name: o.name,
      phone: o.phone,
      lang: o.lang,
      currency_code: o.currencyCode,
      events: byLang[l] ?? byLang.en ?? [],
      total: {
        price: o.totalPrice,
        service_fee: o.totalServiceFee,
        payment_fee: o.totalPaymentFee,
        amount: o.totalAmount,
        count: o.totalCount,
        ...(promo ? { discount: promo.discount } : {}),
      },
      ...(promo ? { promo } : {}),
      acquisition_id: o.acquisitionId,
      tickets: await Promise.all(
        o.tickets.map(async (t) => {
          const info = await tickets.info(t.ticket_id);
          return {
            code: t.code,
            ...(t.qr ? { qr: t.qr } : {}),
            event_id: t.event_id,
            ticket_id: t.ticket_id,
            title: info ? pick(info.title, l) : "",
            started_at: t.started_at,
            ends_at:
              t.ends_at !== undefined ? t.ends_at : info && info.finishedAt !== null ? toUaeIso(info.finishedAt) : null,
          };
        }),
      ),
      created_at: toUaeIso(o.createdAt),
      expires_at: o.status === "paid" || o.expiresAt === null ? null : toUaeIso(o.expiresAt),
      paid_at: o.paidAt === null ? null : toUaeIso(o.paidAt),
    };
  }

  /**
   * Queues the e-mail this order's new state causes, inside the transaction that made the change:
   * the e-mail exists exactly when the change does (a crash cannot lose one nor invent one).
   */
  async function queueMail(o: OrderRow, now: number, orderEventId: number | null = null): Promise<void> {
    await deps.outbox.add(o.id, o.status, JSON.stringify(await render(o)), now, orderEventId);
  }

  /**
   * The consumers of an "order paid" event, each once: ticket issuing, then the e-mail (which carries
   * the tickets). Each marks the event done in the transaction of its work, so a replay (another
   * instance, or the catch-up after a crash) finds nothing left to do. Called inside the transaction
   * that paid the order, so that a paid order, its tickets and its e-mail exist together.
   */
  async function consumePaid(event: OrderPaidEvent, now: number): Promise<void> {
    await deps.db.withTransaction(async () => {
      await deps.db.lockText("order", [event.orderId]);
      if (await orders.consume(event.id, "tickets", now)) {
        const o = (await orders.get(event.orderId)) as OrderRow;
        await orders.setTickets(o.id, await issueTickets(o, await orders.items(o.id)));
      }
      if (await orders.consume(event.id, "mail", now))
        await queueMail((await orders.get(event.orderId)) as OrderRow, now, event.id);
    });
  }

  /** Consumes the "order paid" events a crash left undone (cheap when there is none). */
  async function consumeLeftovers(now: number): Promise<number> {
    const open = await orders.openPaidEvents(50);
    for (const event of open) await consumePaid(event, now);
    return open.length;
  }

  /** Tells the notifier after the answer is on its way; a notifier that throws harms nothing. */
  async function notify(o: OrderRow): Promise<void> {
    const order = await render(o);
    setImmediate(() => {
      try {
        deps.notifier.orderConfirmed(order);
      } catch {
        /* the notifier's own failure; the order stands */
      }
    });
  }

  const offlineWays = (): number[] =>
    catalogue.data.acquisitions.filter((a) => !HOSTED_TYPES.has(a.type)).map((a) => a.id);

  /**
   * The limits a scalper meets (server/README.md, "Limits"): per event and buyer (the normalised
   * email) over orders awaiting payment or paid, per client address over a day, free tickets under
   * their own caps, bank-transfer and cash orders capped per address and per event, and orders
   * whose email goes out at once capped per recipient and hour. Inside the order's transaction.
   */
  async function checkLimits(
    email: string,
    clientIp: string,
    items: Array<{ ticketId: number; count: number }>,
    order: { free: boolean; offline: boolean; count: number },
    now: number,
  ): Promise<void> {
    const byEvent = new Map<number, number>();
    for (const item of items) {
      const t = await tickets.info(item.ticketId);
      if (t) byEvent.set(t.eventId, (byEvent.get(t.eventId) ?? 0) + item.count);
    }
    const perBuyer = order.free ? config.freePerBuyer : config.buyerEventMax;
    for (const [eventId, count] of byEvent) {
      const before = await orders.countByBuyerEvent(email, eventId, order.free);
      if (before + count > perBuyer) {
        throw conflict(
          order.free
            ? `at most ${perBuyer} free tickets of one event per buyer; this email already has ${before}`
            : `at most ${perBuyer} tickets of one event per buyer; this email already has ${before} in other orders`,
          order.free ? "free_limit" : "buyer_event_limit",
        );
      }
    }
    const perDay = order.free ? config.freeClientDayMax : config.clientDayMax;
    const today = await orders.countByClientSince(clientIp, now - DAY_MS, order.free);
    if (today + order.count > perDay) {
      throw conflict(
        `at most ${perDay} ${order.free ? "free " : ""}tickets can be ordered from one address in 24 hours; ${today} already were`,
        order.free ? "free_limit" : "client_day_limit",
      );
    }
    const ways = offlineWays();
    if (order.offline) {
      const waiting = await orders.unpaidByWays(ways, { clientIp });
      if (waiting + order.count > config.offlineHeldPerClient) {
        throw conflict(
          `at most ${config.offlineHeldPerClient} tickets from one address can wait for a bank transfer or cash payment; pay by card, or pay the orders waiting first`,
          "offline_limit",
        );
      }
      for (const [eventId, count] of byEvent) {
        const share = Math.floor(((await orders.ticketsOfEvent(eventId)) * config.offlineEventPercent) / 100);
        if ((await orders.unpaidByWays(ways, { eventId })) + count > share) {
          throw conflict(
            "too many tickets of this event are waiting for bank transfer or cash payments just now; pay by card instead",
            "offline_limit",
          );
        }
      }
    }
    if (order.free || order.offline) {
      const sent = await orders.instantMailsSince(email, now - HOUR_MS, ways);
      if (sent >= config.mailPerRecipientHour) {
        throw new HttpError(
          429,
          `this email address has been sent ${sent} order emails in the last hour; try again later or pay by card`,
          "too_many_emails",
        );
      }
    }
  }

  /**
   * Why an order cannot be tried on the payment page now, or undefined when it can: after
   * `paymentAttemptsPerOrder` declined payments (card numbers or 3-D Secure codes) never again,
   * and after each decline only once a wait has passed that doubles with every decline.
   */
  async function attemptRefusal(orderId: string, now: number): Promise<HttpError | undefined> {
    const declined = await deps.throttle.recent("payment-declined", orderId, DAY_MS, now);
    if (declined.count >= config.paymentAttemptsPerOrder) {
      return conflict(
        `payment was declined ${declined.count} times for this order; it can no longer be paid on the payment page`,
        "attempts_exhausted",
      );
    }
    if (declined.count === 0 || declined.last === null || config.paymentRetryBaseMs <= 0) return undefined;
    const wait = declined.last + config.paymentRetryBaseMs * 2 ** (declined.count - 1) - now;
    if (wait <= 0) return undefined;
    const s = Math.ceil(wait / 1000);
    return new HttpError(429, `the payment was declined; it can be tried again in ${s} s`, "too_many_attempts", {
      "Retry-After": String(s),
    });
  }

  async function visible(sessionId: string, id: string): Promise<OrderRow> {
    const o = await orders.ofSession(id, sessionId);
    if (!o) throw notFound("no such order", "not_found");
    return o;
  }

  return {
    render,

    async create(
      req: FastifyRequest,
      reply: FastifyReply,
      sessionId: string,
      input: OrderInput,
      clientIp: string,
    ): Promise<OrderRow> {
      const cur = baskets.currency(input.currencyCode);
      const acquisition = input.acquisitionId === null ? undefined : acquisitionOf(input.acquisitionId);
      const captcha = await deps.captcha.verify(input.captcha);
      const now = deps.now();
      await deps.releaseExpired(now);
      const lang = input.lang ?? "en";
      const order = await deps.db.withTransaction(async () => {
        // the basket, then its ticket categories, then the buyer's and the address's limits: the same order
        // everywhere, so instances that make orders at once take turns instead of waiting on each other
        await deps.db.lockText("session", [sessionId]);
        const items = (await deps.baskets.get(sessionId))?.items ?? [];
        if (items.length === 0) throw conflict("the basket is empty (or its hold has expired)", "basket_empty");
        await deps.db.lock(
          "ticket",
          items.map((i) => i.ticketId),
        );
        await deps.db.lockText("order", [`buyer ${buyerKey(input.email)}`, `client ${clientIp}`]);
        for (const item of items) {
          const t = await tickets.info(item.ticketId);
          if (!t) throw conflict(`ticket ${item.ticketId} is no longer available`, "not_enough_tickets");
          refuseEnded(t, now);
          if (item.count > t.maxPerOrder)
            throw conflict(`at most ${t.maxPerOrder} tickets of this kind per order`, "over_limit");
          const before = await orders.countByEmail(input.email, item.ticketId);
          if (before + item.count > t.maxPerOrder) {
            throw conflict(
              `at most ${t.maxPerOrder} tickets of this kind per buyer; this email already has ${before} in other orders`,
              "over_limit",
            );
          }
        }
        const events = Object.fromEntries(
          await Promise.all(LANGS.map(async (l) => [l, await baskets.group(items, cur, l)] as const)),
        ) as Record<Lang, BasketEventJson[]>;
        const total = baskets.totals(events.en, cur);
        // the session's promo code (server/src/promo), its uses counted under its lock: the fees apply to what is left
        const promo = await deps.promo.forOrder(sessionId, events.en, cur, input.email);
        const discount = promo?.discount ?? 0;
        const free = total.price + total.service_fee - discount === 0;
        // unpaid orders hold tickets as baskets do: one address may not keep more than its cap waiting
        if (!free && (await orders.unpaidByClient(clientIp)) + total.count > config.heldPerClient) {
          throw conflict(
            `at most ${config.heldPerClient} tickets can wait for payment from one address at a time`,
            "over_limit",
          );
        }
        if (!free) {
          if (!acquisition) throw badRequest("acquisition_id is required: choose a way to pay", "unknown_acquisition");
          if (!acquisition.currencies.some((c) => c.toUpperCase() === cur.code)) {
            throw badRequest(
              `${cur.code} is not accepted by this way to pay (it takes ${acquisition.currencies.join(", ")})`,
              "currency_not_accepted",
            );
          }
        }
        const offline = !free && acquisition !== undefined && !HOSTED_TYPES.has(acquisition.type);
        await checkLimits(input.email, clientIp, items, { free, offline, count: total.count }, now);
        const paymentFee =
          free || !acquisition
            ? 0
            : roundMoney(
                ((total.price + total.service_fee - discount) * (acquisition.feePercent ?? 0)) / 100,
                cur.decimals,
              );
        await deps.captcha.spend(captcha, sessionId);
        for (const item of items) await deps.baskets.sellHeld(item.ticketId, item.count);
        const payMinutes =
          acquisition && !HOSTED_TYPES.has(acquisition.type) ? config.offlinePayMinutes : config.cardPayMinutes;
        const id = randomBytes(16).toString("base64url");
        const number = await newNumber();
        const row: NewOrder = {
          id,
          number,
          status: free ? INITIAL_STATE.free : INITIAL_STATE.priced,
          email: input.email,
          name: input.name,
          phone: input.phone,
          lang,
          acquisitionId: free ? null : (acquisition?.id ?? null),
          currencyCode: cur.code,
          eventsJson: JSON.stringify(events),
          totalPrice: total.price,
          totalServiceFee: total.service_fee,
          totalPaymentFee: paymentFee,
          totalAmount: roundMoney(total.price + total.service_fee - discount + paymentFee, cur.decimals),
          totalCount: total.count,
          utmJson: null,
          // a free order's tickets are issued by the consumer of its "order paid" event, below
          tickets: [],
          createdAt: now,
          expiresAt: free ? null : now + payMinutes * 60_000,
          paidAt: free ? now : null,
        };
        await orders.insert(row, items, sessionId, input.utm ? JSON.stringify(input.utm) : null, clientIp);
        if (promo) await deps.promo.recordUse(id, promo, input.email, sessionId);
        await deps.baskets.clearItems(sessionId);
        await deps.baskets.touch(sessionId, null, now, clientIp);
        await rotateSession(deps, sessionId, req, reply);
        const paidEvent = await orders.paidEvent(row.id);
        if (paidEvent) await consumePaid(paidEvent, now);
        const made = (await orders.get(row.id)) as OrderRow;
        if (made.status !== "paid" && acquisition && !HOSTED_TYPES.has(acquisition.type)) await queueMail(made, now);
        return made;
      });
      const acq = order.acquisitionId === null ? undefined : acquisitionOf(order.acquisitionId);
      if (order.status === "paid" || (acq && !HOSTED_TYPES.has(acq.type))) await notify(order);
      return order;
    },

    async get(sessionId: string, id: string): Promise<OrderRow> {
      await deps.releaseExpired(deps.now());
      await consumeLeftovers(deps.now());
      return visible(sessionId, id);
    },

    async list(sessionId: string): Promise<OrderRow[]> {
      await deps.releaseExpired(deps.now());
      await consumeLeftovers(deps.now());
      return orders.listOfSession(sessionId);
    },

    consumeLeftovers,

    /** Every change of an order's state, oldest first (the order CLI shows it). */
    history: (orderId: string) => orders.history(orderId),

    /**
     * Finds an order by number and email and adds it to this session, under a new session id (as
     * order creation does): an id planted in the buyer's browser does not see what they look up.
     * Failures are counted per order number and per client address (in the database); a key with
     * `lookupFailMax` failures in its window is locked, yet still gets one try per
     * `lookupLockedTryMs`, so the right number and email get through while guessing stays slow.
     */
    async lookup(
      req: FastifyRequest,
      reply: FastifyReply,
      sessionId: string,
      clientIp: string,
      body: LookupBody,
    ): Promise<OrderRow> {
      const { number, email } = body;
      if (number.trim() === "") throw badRequest("number must be the order number, e.g. UAE-7K3M9Q", "invalid_number");
      if (email.trim() === "") throw badRequest("email is required", "invalid_email");
      const now = deps.now();
      const lock = lookupLockOut(
        deps.throttle,
        config,
        [
          ["lookup-number", numberKey(number)],
          ["lookup-client", clientIp],
        ],
        now,
      );
      await lock.refuseWhileLocked((s) => `too many tries to find an order; try again in ${s} s`);
      await deps.releaseExpired(now);
      await consumeLeftovers(now);
      const o = await orders.byNumber(number);
      if (!o || o.email.toLowerCase() !== email.trim().toLowerCase()) {
        await lock.failed();
        throw notFound("no order with this number and email", "not_found");
      }
      await deps.db.withTransaction(async () => {
        await deps.db.lockText("session", [sessionId]);
        await orders.attach(sessionId, o.id);
        const fresh = await rotateSession(deps, sessionId, req, reply);
        await deps.baskets.moveTo(sessionId, fresh);
      });
      return o;
    },

    attemptRefusal,

    /** Starts a visit to the acquirer's hosted page for an order that can be paid there. */
    async startPayment(
      sessionId: string,
      id: string,
      body: PaymentBody,
      clientIp: string,
    ): Promise<{ redirect_url: string }> {
      const returnUrl = body.return_url;
      let parsed: URL;
      try {
        parsed = new URL(returnUrl);
      } catch {
        throw badRequest("return_url must be an absolute URL", "invalid_return_url");
      }
      if (!siteOriginCheck(config.siteOrigins)(parsed.origin) || parsed.username !== "" || parsed.password !== "") {
        throw badRequest("return_url must be on the site's own origin", "invalid_return_url");
      }
      const lang = body.lang;
      const now = deps.now();
      await deps.releaseExpired(now);
      const o = await visible(sessionId, id);
      if (!mayHappen("pay_start", o.status)) {
        if (o.status === "paid") throw conflict("this order is already paid; nothing more is charged", "already_paid");
        throw conflict(`this order is ${o.status} and can no longer be paid`, "not_payable");
      }
      const acq =
        o.acquisitionId === null ? undefined : catalogue.data.acquisitions.find((a) => a.id === o.acquisitionId);
      if (!acq || !HOSTED_TYPES.has(acq.type))
        throw conflict("this order is paid by bank transfer or in cash, not on the payment page", "not_card_payable");
      const refusal = await attemptRefusal(o.id, now);
      if (refusal) throw refusal;
      const hour = 3600_000;
      const started = await deps.throttle.waitMs(
        "payment-client",
        clientIp,
        config.paymentStartsPerClientHour,
        hour,
        now,
      );
      if (started > 0) {
        const s = Math.ceil(started / 1000);
        throw new HttpError(
          429,
          `too many payment attempts from this address; try again in ${s} s`,
          "too_many_attempts",
          { "Retry-After": String(s) },
        );
      }
      await deps.throttle.hit("payment-client", clientIp, now);
      for (const item of await orders.items(o.id)) {
        const t = await tickets.info(item.ticketId);
        if (t) refuseEnded(t, now);
      }
      if (lang !== undefined && lang !== o.lang) await orders.setLang(o.id, lang);
      const token = randomBytes(24).toString("base64url");
      await payments.insert({
        token,
        orderId: o.id,
        csrf: randomBytes(24).toString("base64url"),
        returnUrl: parsed.href,
        createdAt: now,
      });
      return { redirect_url: `${config.publicUrl}/sandbox-acquirer/pay/${token}` };
    },

    /**
     * The acquirer approved: the order becomes paid, with its one "order paid" event whose consumers
     * issue the tickets and queue the e-mail in the same transaction; unless it expired or was paid
     * already. Under the order's lock, so that an approval reaching two instances at once pays once;
     * the guarded update would refuse the second anyway. `actor`: who approved (a command, in tests
     * and tools).
     */
    async approve(orderId: string, actor: OrderActor = "acquirer"): Promise<boolean> {
      const now = deps.now();
      await deps.releaseExpired(now);
      const paid = await deps.db.withTransaction(async () => {
        await deps.db.lockText("order", [orderId]);
        const o = await orders.get(orderId);
        if (!o || !mayHappen("acquirer_approve", o.status)) return undefined;
        // a session that ended while the buyer was on the bank's page: no ticket, the attempt fails
        // (a real acquirer's authorisation would be voided here)
        for (const item of await orders.items(o.id)) {
          const t = await tickets.info(item.ticketId);
          if (t !== undefined && !sessionOpen(t, now)) {
            if (mayHappen("session_ended", o.status)) await orders.markFailed(o.id, "session_ended", now, actor);
            return undefined;
          }
        }
        // refused when the hold ran out a moment ago: nothing is written
        if (!(await orders.markPaid(o.id, now, actor))) return undefined;
        const event = await orders.paidEvent(o.id);
        if (event) await consumePaid(event, now);
        return (await orders.get(o.id)) as OrderRow;
      });
      if (paid) await notify(paid);
      return paid !== undefined;
    },

    /** The acquirer declined, or the buyer cancelled on its page: a declined attempt either way. */
    async decline(orderId: string, event: Exclude<FailEvent, "session_ended"> = "acquirer_decline"): Promise<void> {
      const now = deps.now();
      await deps.releaseExpired(now);
      await deps.throttle.hit("payment-declined", orderId, now);
      const o = await orders.get(orderId);
      if (o && mayHappen(event, o.status))
        await orders.markFailed(orderId, event, now, event === "acquirer_cancel" ? "buyer" : "acquirer");
    },
  };
}
export type OrderService = ReturnType<typeof orderService>;
