/**
 * The one client of the basket and order API (contracts/basket.openapi.yaml).
 *
 * - The visitor is the HttpOnly session cookie, so every request goes with credentials,
 *   possibly to another origin than the site's (browserConfig().basketApiUrl).
 * - Wire shapes stay in this file: answers are reshaped into src/basket/types.ts.
 * - axios is imported on first use, not with this module, to keep it out of the
 *   JavaScript every page loads before it needs the basket.
 * - Every failure is a BasketApiError carrying the server's `code` and `detail`; a
 *   request that got no answer at all is `network: true` (code "network").
 */
import type { AxiosInstance, AxiosRequestConfig } from "axios";
import type { Basket, BasketChange, BasketEventGroup, NewOrder, Order } from "../basket/types";
import { browserConfig } from "../config";
import type { components, operations } from "./generated/basket";

type WireBasket = components["schemas"]["Basket"];
type WireBasketEvent = components["schemas"]["BasketEvent"];
type WireOrder = components["schemas"]["Order"];
type WireError = components["schemas"]["Error"];
type WireNewOrder = operations["createOrder"]["requestBody"]["content"]["application/json"];

/** How long a request may take before it counts as "no answer". */
const TIMEOUT_MS = 15_000;

export class BasketApiError extends Error {
  /** HTTP status, or null when no answer came back */
  readonly status: number | null;
  /** the server's stable machine code ("not_enough_tickets", ...), or "network" */
  readonly code: string;
  /** the server's explanation (English, for logs; the UI words it from `code`) */
  readonly detail: string;
  /** true when the server could not be reached (down, offline, timed out, CORS refused) */
  readonly network: boolean;

  constructor(init: { status: number | null; code: string; detail: string; network: boolean }) {
    super(init.network ? `basket API unreachable: ${init.detail}` : `basket API ${init.status}: ${init.code}: ${init.detail}`);
    this.name = "BasketApiError";
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.network = init.network;
  }
}

export function isBasketApiError(error: unknown): error is BasketApiError {
  return error instanceof BasketApiError;
}

let httpPromise: Promise<AxiosInstance> | undefined;

function http(): Promise<AxiosInstance> {
  httpPromise ??= import("axios")
    .then(({ default: axios }) =>
      axios.create({
        baseURL: browserConfig().basketApiUrl,
        withCredentials: true,
        timeout: TIMEOUT_MS,
        headers: { Accept: "application/json" },
      }),
    )
    .then((instance) => {
      instance.interceptors.request.use((request) => {
        const lang = requestLanguage;
        if (lang) request.params = { ...(request.params as Record<string, unknown> | undefined), lang };
        return request;
      });
      return instance;
    })
    .catch((error: unknown) => {
      // a failed chunk load must not stick: the next call tries again
      httpPromise = undefined;
      throw error;
    });
  return httpPromise;
}

/**
 * The page's language, sent as `lang` so that event and ticket titles in the basket and in
 * orders come back in it. The contract has no such parameter (see the project notes); our
 * server honours it, and a server that does not know it ignores it and answers in English.
 * Set by BasketProvider from the page context.
 */
let requestLanguage: string | undefined;

export function setBasketRequestLanguage(lang: string | undefined): void {
  requestLanguage = lang;
}

function isWireError(data: unknown): data is WireError {
  return typeof data === "object" && data !== null && typeof (data as WireError).code === "string";
}

/** Turns whatever axios (or the dynamic import) threw into a BasketApiError. */
export function toBasketApiError(error: unknown): BasketApiError {
  if (error instanceof BasketApiError) return error;
  const e = error as { response?: { status: number; data?: unknown }; message?: string };
  if (e && typeof e === "object" && e.response) {
    const { status, data } = e.response;
    if (isWireError(data)) {
      return new BasketApiError({ status, code: data.code, detail: String(data.detail ?? ""), network: false });
    }
    return new BasketApiError({ status, code: `http_${status}`, detail: e.message ?? "", network: false });
  }
  return new BasketApiError({ status: null, code: "network", detail: e?.message ?? String(error), network: true });
}

async function request<T>(config: AxiosRequestConfig): Promise<T> {
  try {
    const client = await http();
    const response = await client.request<T>(config);
    return response.data;
  } catch (error) {
    throw toBasketApiError(error);
  }
}

function fromWireEvent(group: WireBasketEvent): BasketEventGroup {
  const { event } = group;
  return {
    event: {
      id: event.id,
      eventSourceId: event.event_source_id,
      title: event.title,
      startedAt: event.started_at ?? null,
      place: event.place?.id !== undefined ? { id: event.place.id, title: event.place.title ?? "" } : null,
    },
    tickets: group.tickets.map((t) => ({
      id: t.id,
      title: t.title,
      price: t.price,
      count: t.count,
      startedAt: t.started_at ?? null,
      serviceFee: t.extra?.service_fee ?? 0,
    })),
  };
}

export function fromWireBasket(wire: WireBasket): Basket {
  return {
    currencyCode: wire.currency_code,
    events: wire.events.map(fromWireEvent),
    expiresAt: wire.expires_at ?? null,
    updatedAt: wire.updated_at ?? null,
  };
}

export function fromWireOrder(wire: WireOrder): Order {
  return {
    id: wire.id,
    status: wire.status,
    email: wire.email ?? null,
    name: wire.name ?? null,
    currencyCode: wire.currency_code,
    events: wire.events.map(fromWireEvent),
    total: { price: wire.total.price, serviceFee: wire.total.service_fee, count: wire.total.count },
    acquisitionId: wire.acquisition_id ?? null,
    ticketsCodes: wire.tickets_codes ?? [],
    createdAt: wire.created_at,
    paidAt: wire.paid_at ?? null,
  };
}

function currencyParams(currencyCode: string | undefined): { currency_code?: string } | undefined {
  return currencyCode ? { currency_code: currencyCode.toUpperCase() } : undefined;
}

/** GET /api/basket, priced in `currencyCode`. */
export async function getBasket(currencyCode?: string): Promise<Basket> {
  const wire = await request<WireBasket>({ method: "GET", url: "/api/basket", params: currencyParams(currencyCode) });
  return fromWireBasket(wire);
}

/** POST /api/basket: one change; answers the whole basket. */
export async function changeBasket(change: BasketChange, currencyCode?: string): Promise<Basket> {
  const wire = await request<WireBasket>({
    method: "POST",
    url: "/api/basket",
    params: currencyParams(currencyCode),
    data: change,
  });
  return fromWireBasket(wire);
}

/** DELETE /api/basket. */
export async function clearBasket(currencyCode?: string): Promise<Basket> {
  const wire = await request<WireBasket>({ method: "DELETE", url: "/api/basket", params: currencyParams(currencyCode) });
  const basket = fromWireBasket(wire);
  return currencyCode ? { ...basket, currencyCode: basket.currencyCode || currencyCode } : basket;
}

/** POST /api/orders: the basket becomes an order awaiting payment (and the basket is emptied). */
export async function createOrder(order: NewOrder): Promise<Order> {
  const body: WireNewOrder = {
    email: order.email,
    name: order.name,
    phone: order.phone ?? null,
    acquisition_id: order.acquisitionId,
    currency_code: order.currencyCode.toUpperCase(),
  };
  if (order.utm && Object.keys(order.utm).length > 0) body.utm = order.utm;
  const wire = await request<WireOrder>({ method: "POST", url: "/api/orders", data: body });
  return fromWireOrder(wire);
}

/** GET /api/orders/{id}: an order of this visitor's session. */
export async function getOrder(id: string): Promise<Order> {
  const wire = await request<WireOrder>({ method: "GET", url: `/api/orders/${encodeURIComponent(id)}` });
  return fromWireOrder(wire);
}

/** POST /api/orders/{id}/pay with the sandbox card number. */
export async function payOrder(id: string, cardNumber: string): Promise<Order> {
  const wire = await request<WireOrder>({
    method: "POST",
    url: `/api/orders/${encodeURIComponent(id)}/pay`,
    data: { card_number: cardNumber },
  });
  return fromWireOrder(wire);
}
