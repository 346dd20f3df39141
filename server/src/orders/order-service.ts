import { randomBytes, randomInt } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { AcquisitionRow } from "../db/repositories/catalogue-repository";
import { rotateSession } from "../basket/session";
import { siteOriginCheck } from "../config";
import { basketService, type BasketEventJson } from "../basket/basket-service";
import type { AppDeps, WireOrder } from "../deps";
import type { NewOrder, OrderRow, StoredTicket } from "../db/repositories/orders-repository";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors";
import { isLang, LANGS, pick, type Lang } from "../lib/i18n";
import { roundMoney } from "../lib/money";
import { toUaeIso } from "../lib/time";
import { isObject, personName, plainText } from "../lib/validate";

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
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

/** Reads an order request or throws the contract's 400 with its code; nothing is changed before this passes. */
export function parseOrder(body: unknown): OrderInput {
  if (!isObject(body)) throw badRequest("the body must be a JSON object");
  const { email, name, phone, acquisition_id, currency_code, lang, captcha, utm } = body;
  if (typeof email !== "string" || email.length > 254 || !EMAIL_RE.test(email.trim()))
    throw badRequest("email is not a valid address", "invalid_email");
  const cleanName = personName(name, "name", 200);
  const phoneGiven = phone !== undefined && phone !== null && phone !== "";
  const cleanPhone = phoneGiven && typeof phone === "string" ? e164Phone(phone) : null;
  if (phoneGiven && cleanPhone === null) throw badRequest("phone is not a valid phone number", "invalid_phone");
  if (
    acquisition_id !== undefined &&
    acquisition_id !== null &&
    (typeof acquisition_id !== "number" || !Number.isSafeInteger(acquisition_id))
  ) {
    throw badRequest("acquisition_id must be an integer", "unknown_acquisition");
  }
  if (typeof currency_code !== "string" || currency_code === "")
    throw badRequest("currency_code is required", "unknown_currency");
  if (lang !== undefined && (typeof lang !== "string" || !isLang(lang)))
    throw badRequest("lang must be one of en, ru, ar", "invalid_lang");
  let utmOut: Record<string, string> | null = null;
  if (utm !== undefined && utm !== null) {
    if (!isObject(utm)) throw badRequest("utm must be an object");
    utmOut = {};
    for (const key of ["utm_source", "utm_campaign", "utm_term"] as const) {
      const v = utm[key];
      if (v === undefined || v === null) continue;
      utmOut[key] = plainText(v, `utm.${key}`, 200);
    }
  }
  return {
    email: email.trim(),
    name: cleanName,
    phone: cleanPhone,
    acquisitionId: typeof acquisition_id === "number" ? acquisition_id : null,
    currencyCode: currency_code,
    lang: typeof lang === "string" && isLang(lang) ? lang : null,
    captcha,
    utm: utmOut,
  };
}

/** A failure count per key over a sliding window, kept in memory (a restart forgives). */
class FailureWindow {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}
  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }
  /** Seconds until another try is allowed, or 0. */
  retryAfter(keys: string[], now: number): number {
    let wait = 0;
    for (const key of keys) {
      const list = this.recent(key, now);
      if (list.length >= this.max)
        wait = Math.max(wait, Math.ceil((list[list.length - this.max]! + this.windowMs - now) / 1000));
    }
    return wait;
  }
  record(keys: string[], now: number): void {
    if (this.hits.size > 50_000) for (const k of [...this.hits.keys()]) this.recent(k, now);
    for (const key of keys) this.hits.set(key, [...this.recent(key, now), now]);
  }
}

/**
 * Orders: made from the basket in one transaction, paid on the acquirer's hosted page,
 * expired when unpaid in time, found again by number and email.
 */
export function orderService(deps: AppDeps) {
  const { orders, payments, tickets, catalogue, config } = deps;
  const baskets = basketService(deps);
  const lookups = new FailureWindow(config.lookupFailMax, config.lookupWindowMs);

  function acquisitionOf(id: number): AcquisitionRow {
    const a = catalogue.data.acquisitions.find((x) => x.id === id);
    if (!a) throw badRequest(`no way to pay with id ${id}`, "unknown_acquisition");
    return a;
  }

  function newNumber(): string {
    for (;;) {
      const n = `UAE-${randomChars(6)}`;
      if (!orders.numberTaken(n)) return n;
    }
  }

  function issueTickets(items: Array<{ ticketId: number; count: number }>): StoredTicket[] {
    const out: StoredTicket[] = [];
    for (const item of items) {
      const t = tickets.info(item.ticketId);
      for (let i = 0; i < item.count; i++) {
        out.push({
          code: `UAE-${randomChars(5)}-${randomChars(5)}`,
          event_id: t?.eventId ?? 0,
          ticket_id: item.ticketId,
          started_at: t ? toUaeIso(t.startedAt) : null,
        });
      }
    }
    return out;
  }

  /** The contract's Order in `lang` (the order's own language when not given). */
  function render(o: OrderRow, lang?: Lang): WireOrder {
    const l = lang ?? o.lang;
    const byLang = JSON.parse(o.eventsJson) as Partial<Record<Lang, BasketEventJson[]>>;
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
      },
      acquisition_id: o.acquisitionId,
      tickets: o.tickets.map((t) => {
        const info = tickets.info(t.ticket_id);
        return {
          code: t.code,
          event_id: t.event_id,
          ticket_id: t.ticket_id,
          title: info ? pick(info.title, l) : "",
          started_at: t.started_at,
        };
      }),
      created_at: toUaeIso(o.createdAt),
      expires_at: o.status === "paid" || o.expiresAt === null ? null : toUaeIso(o.expiresAt),
      paid_at: o.paidAt === null ? null : toUaeIso(o.paidAt),
    };
  }

  /** Tells the notifier after the answer is on its way; a notifier that throws harms nothing. */
  function notify(o: OrderRow): void {
    const order = render(o);
    setImmediate(() => {
      try {
        deps.notifier.orderConfirmed(order);
      } catch {
        /* the notifier's own failure; the order stands */
      }
    });
  }

  function visible(sessionId: string, id: string): OrderRow {
    const o = orders.ofSession(id, sessionId);
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
      deps.releaseExpired(now);
      const lang = input.lang ?? "en";
      const order = deps.baskets.transaction(() => {
        const items = deps.baskets.get(sessionId)?.items ?? [];
        if (items.length === 0) throw conflict("the basket is empty (or its hold has expired)", "basket_empty");
        for (const item of items) {
          const t = tickets.info(item.ticketId);
          if (!t) throw conflict(`ticket ${item.ticketId} is no longer available`, "not_enough_tickets");
          if (item.count > t.maxPerOrder)
            throw conflict(`at most ${t.maxPerOrder} tickets of this kind per order`, "over_limit");
          const before = orders.countByEmail(input.email, item.ticketId);
          if (before + item.count > t.maxPerOrder) {
            throw conflict(
              `at most ${t.maxPerOrder} tickets of this kind per buyer; this email already has ${before} in other orders`,
              "over_limit",
            );
          }
        }
        const events = Object.fromEntries(LANGS.map((l) => [l, baskets.group(items, cur, l)])) as Record<
          Lang,
          BasketEventJson[]
        >;
        const total = baskets.totals(events.en, cur);
        const free = total.price + total.service_fee === 0;
        // unpaid orders hold tickets as baskets do: one address may not keep more than its cap waiting
        if (!free && orders.unpaidByClient(clientIp) + total.count > config.heldPerClient) {
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
        const paymentFee =
          free || !acquisition
            ? 0
            : roundMoney(((total.price + total.service_fee) * (acquisition.feePercent ?? 0)) / 100, cur.decimals);
        deps.captcha.spend(captcha);
        for (const item of items) deps.baskets.sellHeld(item.ticketId, item.count);
        const payMinutes =
          acquisition && !HOSTED_TYPES.has(acquisition.type) ? config.offlinePayMinutes : config.cardPayMinutes;
        const row: NewOrder = {
          id: randomBytes(16).toString("base64url"),
          number: newNumber(),
          status: free ? "paid" : "awaiting_payment",
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
          totalAmount: roundMoney(total.price + total.service_fee + paymentFee, cur.decimals),
          totalCount: total.count,
          utmJson: null,
          tickets: free ? issueTickets(items) : [],
          createdAt: now,
          expiresAt: free ? null : now + payMinutes * 60_000,
          paidAt: free ? now : null,
        };
        orders.insert(row, items, sessionId, input.utm ? JSON.stringify(input.utm) : null, clientIp);
        deps.baskets.clearItems(sessionId);
        deps.baskets.touch(sessionId, null, now, clientIp);
        rotateSession(deps, sessionId, req, reply);
        return orders.get(row.id) as OrderRow;
      });
      const acq = order.acquisitionId === null ? undefined : acquisitionOf(order.acquisitionId);
      if (order.status === "paid" || (acq && !HOSTED_TYPES.has(acq.type))) notify(order);
      return order;
    },

    get(sessionId: string, id: string): OrderRow {
      deps.releaseExpired(deps.now());
      return visible(sessionId, id);
    },

    list(sessionId: string): OrderRow[] {
      deps.releaseExpired(deps.now());
      return orders.listOfSession(sessionId);
    },

    /** Finds an order by number and email and adds it to this session; guessing is slowed to 10 tries per 10 minutes. */
    lookup(sessionId: string, clientIp: string, body: unknown): OrderRow {
      if (!isObject(body)) throw badRequest("the body must be a JSON object with number and email");
      const { number, email } = body;
      if (typeof number !== "string" || number.length > 32 || number.trim() === "")
        throw badRequest("number must be the order number, e.g. UAE-7K3M9Q", "invalid_number");
      if (typeof email !== "string" || email.length > 254 || email.trim() === "")
        throw badRequest("email is required", "invalid_email");
      const now = deps.now();
      const keys = [`s:${sessionId}`, `ip:${clientIp}`];
      const wait = lookups.retryAfter(keys, now);
      if (wait > 0) {
        throw new HttpError(429, `too many tries to find an order; try again in ${wait} s`, "too_many_requests", {
          "Retry-After": String(wait),
        });
      }
      deps.releaseExpired(now);
      const o = orders.byNumber(number);
      if (!o || o.email.toLowerCase() !== email.trim().toLowerCase()) {
        lookups.record(keys, now);
        throw notFound("no order with this number and email", "not_found");
      }
      orders.attach(sessionId, o.id);
      return o;
    },

    /** Starts a visit to the acquirer's hosted page for an order that can be paid there. */
    startPayment(sessionId: string, id: string, body: unknown): { redirect_url: string } {
      if (!isObject(body)) throw badRequest("the body must be a JSON object with return_url");
      const returnUrl = body.return_url;
      if (typeof returnUrl !== "string" || returnUrl.length > 2000)
        throw badRequest("return_url must be an absolute URL of at most 2000 characters", "invalid_return_url");
      let parsed: URL;
      try {
        parsed = new URL(returnUrl);
      } catch {
        throw badRequest("return_url must be an absolute URL", "invalid_return_url");
      }
      if (!siteOriginCheck(config.siteOrigins)(parsed.origin) || parsed.username !== "" || parsed.password !== "") {
        throw badRequest("return_url must be on the site's own origin", "invalid_return_url");
      }
      const now = deps.now();
      deps.releaseExpired(now);
      const o = visible(sessionId, id);
      if (o.status === "paid") throw conflict("this order is already paid; nothing more is charged", "already_paid");
      if (o.status === "expired" || o.status === "cancelled")
        throw conflict(`this order is ${o.status} and can no longer be paid`, "not_payable");
      const acq =
        o.acquisitionId === null ? undefined : catalogue.data.acquisitions.find((a) => a.id === o.acquisitionId);
      if (!acq || !HOSTED_TYPES.has(acq.type))
        throw conflict("this order is paid by bank transfer or in cash, not on the payment page", "not_card_payable");
      const token = randomBytes(24).toString("base64url");
      payments.insert({
        token,
        orderId: o.id,
        csrf: randomBytes(24).toString("base64url"),
        returnUrl: parsed.href,
        createdAt: now,
      });
      return { redirect_url: `${config.publicUrl}/sandbox-acquirer/pay/${token}` };
    },

    /** The acquirer approved: the order becomes paid with its tickets, unless it expired or was paid already. */
    approve(orderId: string): boolean {
      const now = deps.now();
      deps.releaseExpired(now);
      const paid = deps.baskets.transaction(() => {
        const o = orders.get(orderId);
        if (!o) return undefined;
        return orders.markPaid(o.id, issueTickets(orders.items(o.id)), now) ? orders.get(o.id) : undefined;
      });
      if (paid) notify(paid);
      return paid !== undefined;
    },

    decline(orderId: string): void {
      deps.releaseExpired(deps.now());
      orders.markFailed(orderId);
    },
  };
}
export type OrderService = ReturnType<typeof orderService>;
