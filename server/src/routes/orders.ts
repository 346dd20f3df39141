import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { components } from "../../../src/clients/generated/basket";
import { basketService, type BasketEventJson } from "../basket/basket-service";
import { sessionOf } from "../basket/session";
import type { AppDeps } from "../deps";
import { ordersRepository, type OrderRow } from "../db/repositories/orders-repository";
import { badRequest, conflict, notFound } from "../lib/errors";
import { softLang, type Query } from "./query";
import { toUaeIso } from "../lib/time";

type OrderJson = components["schemas"]["Order"];

const APPROVED_CARD = "4242424242424242";
const DECLINED_CARD = "4000000000000002";
const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const PHONE_RE = /^\+?[0-9][0-9 ().-]{4,30}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** An e-ticket code: "UAE-" and ten characters of a 32-letter alphabet without look-alikes. */
function ticketCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(10);
  let code = "";
  for (const b of bytes) code += alphabet[b % 32];
  return `UAE-${code.slice(0, 5)}-${code.slice(5)}`;
}

function toJson(o: OrderRow): OrderJson {
  return {
    id: o.id,
    status: o.status,
    email: o.email,
    name: o.name,
    currency_code: o.currencyCode,
    events: JSON.parse(o.eventsJson) as BasketEventJson[],
    total: { price: o.totalPrice, service_fee: o.totalServiceFee, count: o.totalCount },
    acquisition_id: o.acquisitionId,
    tickets_codes: o.ticketsCodes,
    created_at: toUaeIso(o.createdAt),
    paid_at: o.paidAt === null ? null : toUaeIso(o.paidAt),
  };
}

interface OrderInput {
  email: string; name: string; phone: string | null; acquisitionId: number; currencyCode: string;
  utm: Record<string, string> | null;
}

function parseOrder(body: unknown): OrderInput {
  if (!isObject(body)) throw badRequest("the body must be a JSON object");
  const { email, name, phone, acquisition_id, currency_code, utm } = body;
  if (typeof email !== "string" || email.length > 254 || !EMAIL_RE.test(email.trim())) throw badRequest("email is not a valid address", "invalid_email");
  if (typeof name !== "string" || name.trim().length < 1 || name.length > 200) throw badRequest("name must be 1 to 200 characters", "invalid_name");
  if (phone !== undefined && phone !== null && phone !== "" && (typeof phone !== "string" || phone.length > 32 || !PHONE_RE.test(phone.trim()))) {
    throw badRequest("phone is not a valid phone number", "invalid_phone");
  }
  if (typeof acquisition_id !== "number" || !Number.isSafeInteger(acquisition_id)) throw badRequest("acquisition_id must be an integer", "unknown_acquisition");
  if (typeof currency_code !== "string" || currency_code === "") throw badRequest("currency_code is required", "unknown_currency");
  let utmOut: Record<string, string> | null = null;
  if (utm !== undefined && utm !== null) {
    if (!isObject(utm)) throw badRequest("utm must be an object");
    utmOut = {};
    for (const key of ["utm_source", "utm_campaign", "utm_term"] as const) {
      const v = utm[key];
      if (v === undefined || v === null) continue;
      if (typeof v !== "string" || v.length > 200) throw badRequest(`utm.${key} must be a string of at most 200 characters`);
      utmOut[key] = v;
    }
  }
  return {
    email: email.trim(), name: name.trim(), phone: typeof phone === "string" && phone.trim() !== "" ? phone.trim() : null,
    acquisitionId: acquisition_id, currencyCode: currency_code, utm: utmOut,
  };
}

/** Orders made from the basket and the sandbox acquirer (contracts/basket.openapi.yaml, /api/orders). */
export async function orderRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const baskets = basketService(deps);
  const orders = ordersRepository(deps.db);
  const { catalogue, tickets } = deps;

  app.post<{ Querystring: Query; Body: unknown }>("/api/orders", async (req, reply) => {
    const session = sessionOf(req, reply);
    const input = parseOrder(req.body);
    const acquisition = catalogue.data.acquisitions.find((a) => a.id === input.acquisitionId);
    if (!acquisition) throw badRequest(`no way to pay with id ${input.acquisitionId}`, "unknown_acquisition");
    const cur = catalogue.data.currencies.get(input.currencyCode.toUpperCase());
    if (!cur) throw badRequest(`unknown currency "${input.currencyCode.slice(0, 20)}"`, "unknown_currency");
    if (!acquisition.currencies.some((c) => c.toUpperCase() === cur.code.toUpperCase())) {
      throw badRequest(`${cur.code} is not accepted by this way to pay (it takes ${acquisition.currencies.join(", ")})`, "currency_not_accepted");
    }
    const lang = softLang(req.query);
    const now = deps.now();
    deps.baskets.releaseExpired(now);
    const order = deps.baskets.transaction(() => {
      const basket = deps.baskets.get(session);
      const items = basket?.items ?? [];
      if (items.length === 0) throw conflict("the basket is empty (or its hold has expired)", "basket_empty");
      for (const item of items) {
        const t = tickets.get(item.ticketId);
        if (!t) throw conflict(`ticket ${item.ticketId} is no longer available`, "not_enough_tickets");
        deps.baskets.sellHeld(item.ticketId, item.count);
      }
      const events = baskets.group(items, cur, lang);
      const total = baskets.totals(events, cur);
      const id = randomBytes(16).toString("base64url");
      orders.insert(
        {
          id, sessionId: session, email: input.email, name: input.name, phone: input.phone, acquisitionId: acquisition.id,
          currencyCode: cur.code, eventsJson: JSON.stringify(events), totalPrice: total.price, totalServiceFee: total.service_fee,
          totalCount: total.count, utmJson: input.utm ? JSON.stringify(input.utm) : null, createdAt: now,
        },
        items,
      );
      deps.baskets.clearItems(session);
      deps.baskets.touch(session, null, now);
      return orders.get(id, session) as OrderRow;
    });
    return reply.code(201).send(toJson(order));
  });

  app.get<{ Params: { id: string } }>("/api/orders/:id", async (req, reply) => {
    const session = sessionOf(req, reply);
    const order = orders.get(req.params.id, session);
    if (!order) throw notFound("no such order", "not_found");
    return toJson(order);
  });

  app.post<{ Params: { id: string }; Body: unknown }>("/api/orders/:id/pay", async (req, reply) => {
    const session = sessionOf(req, reply);
    const body = req.body;
    const result = deps.baskets.transaction(() => {
      const order = orders.get(req.params.id, session);
      if (!order) throw notFound("no such order", "not_found");
      if (order.status === "paid") throw conflict("this order is already paid; nothing was charged", "already_paid");
      if (order.status === "cancelled") throw conflict("this order is cancelled", "order_cancelled");
      const raw = isObject(body) ? body.card_number : undefined;
      if (typeof raw !== "string") throw badRequest("card_number is required", "invalid_card");
      const card = raw.replace(/\s+/g, "");
      if (card === APPROVED_CARD) {
        const codes = Array.from({ length: order.totalCount }, ticketCode);
        if (!orders.markPaid(order.id, codes, deps.now())) throw conflict("this order is already paid; nothing was charged", "already_paid");
      } else if (card === DECLINED_CARD) {
        orders.markFailed(order.id);
      } else {
        throw badRequest("the sandbox accepts only 4242 4242 4242 4242 (approved) and 4000 0000 0000 0002 (declined)", "invalid_card");
      }
      return orders.get(order.id, session) as OrderRow;
    });
    return toJson(result);
  });

}
