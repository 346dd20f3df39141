/**
 * The one client of the basket and order API (contracts/basket.openapi.yaml).
 *
 * - `createBasketClient(options)` makes a client; nothing is kept at module level. The
 *   caller names the API's base URL and the page's language (sent as `lang`, so event and
 *   ticket titles come back in it), so two clients in one page never share state.
 * - The visitor is the HttpOnly session cookie, so every request goes with credentials,
 *   possibly to another origin than the site's.
 * - Wire shapes stay in this file: answers are reshaped into src/core/order.ts.
 * - axios is imported on a client's first request, not with this module, to keep it out
 *   of the JavaScript every page loads before it needs the basket.
 * - Every failure is a BasketApiError carrying the server's `code` and `detail`; a
 *   request that got no answer at all is `network: true` (code "network").
 */
import type { AxiosInstance, AxiosRequestConfig, AxiosStatic } from "axios";
import type { components, operations } from "../core/generated/basket";
import type {
  Basket,
  BasketChange,
  BasketEventGroup,
  ETicket,
  NewOrder,
  Order,
  PromoEventDiscount,
} from "../core/order";
import { isLang, type Lang } from "../core/routes";
import { NO_WALLETS, type OrderWallets, type WalletOffer } from "../core/wallet";

type WireBasket = components["schemas"]["Basket"];
type WireBasketEvent = components["schemas"]["BasketEvent"];
type WireOrder = components["schemas"]["Order"];
type WireETicket = components["schemas"]["ETicket"];
type WireError = components["schemas"]["Error"];
type WireNewOrder = operations["createOrder"]["requestBody"]["content"]["application/json"];
type WireChallenge = operations["getCaptchaChallenge"]["responses"]["200"]["content"]["application/json"];
type WireOrderList = operations["listOrders"]["responses"]["200"]["content"]["application/json"];
type WirePaymentStarted = operations["startPayment"]["responses"]["201"]["content"]["application/json"];

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
  /** a 429's Retry-After in seconds, when the server said */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number | null;
    code: string;
    detail: string;
    network: boolean;
    retryAfterSeconds?: number | null;
  }) {
    super(
      init.network
        ? `basket API unreachable: ${init.detail}`
        : `basket API ${init.status}: ${init.code}: ${init.detail}`,
    );
    this.name = "BasketApiError";
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.network = init.network;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export function isBasketApiError(error: unknown): error is BasketApiError {
  return error instanceof BasketApiError;
}

function isWireError(data: unknown): data is WireError {
  return typeof data === "object" && data !== null && typeof (data as WireError).code === "string";
}

/** Turns whatever axios (or the dynamic import) threw into a BasketApiError. */
export function toBasketApiError(error: unknown): BasketApiError {
  if (error instanceof BasketApiError) return error;
  const e = error as {
    response?: { status: number; data?: unknown; headers?: Record<string, unknown> };
    message?: string;
  };
  if (e && typeof e === "object" && e.response) {
    const { status, data } = e.response;
    const retryAfter = Number(e.response.headers?.["retry-after"]);
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null;
    if (isWireError(data)) {
      return new BasketApiError({
        status,
        code: data.code,
        detail: String(data.detail ?? ""),
        network: false,
        retryAfterSeconds,
      });
    }
    return new BasketApiError({ status, code: `http_${status}`, detail: e.message ?? "", network: false });
  }
  return new BasketApiError({ status: null, code: "network", detail: e?.message ?? String(error), network: true });
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
      endsAt: t.ends_at ?? null,
      serviceFee: t.extra?.service_fee ?? 0,
    })),
  };
}

type WirePromoEvents = NonNullable<WireBasket["promo"]>["events"];
const fromWirePromoEvents = (events: WirePromoEvents): PromoEventDiscount[] =>
  events.map((e) => ({ eventId: e.event_id, ticketIds: e.ticket_ids, discount: e.discount }));

export function fromWireBasket(wire: WireBasket): Basket {
  const basket: Basket = {
    currencyCode: wire.currency_code,
    events: wire.events.map(fromWireEvent),
    expiresAt: wire.expires_at ?? null,
    updatedAt: wire.updated_at ?? null,
  };
  if (wire.promo) {
    const { code, refusal, discount, events } = wire.promo;
    basket.promo = { code, refusal, discount, events: fromWirePromoEvents(events) };
  }
  return basket;
}

function fromWireETicket(ticket: WireETicket): ETicket {
  return {
    code: ticket.code,
    ...(ticket.qr ? { qr: ticket.qr } : {}),
    eventId: ticket.event_id,
    ticketId: ticket.ticket_id,
    title: ticket.title,
    startedAt: ticket.started_at ?? null,
    endsAt: ticket.ends_at ?? null,
  };
}

export function fromWireOrder(wire: WireOrder): Order {
  return {
    id: wire.id,
    number: wire.number,
    status: wire.status,
    email: wire.email ?? null,
    name: wire.name ?? null,
    lang: isLang(wire.lang) ? wire.lang : null,
    currencyCode: wire.currency_code,
    events: wire.events.map(fromWireEvent),
    total: {
      price: wire.total.price,
      serviceFee: wire.total.service_fee,
      paymentFee: wire.total.payment_fee,
      amount: wire.total.amount,
      count: wire.total.count,
      ...(wire.total.discount !== undefined ? { discount: wire.total.discount } : {}),
    },
    acquisitionId: wire.acquisition_id ?? null,
    tickets: wire.tickets.map(fromWireETicket),
    createdAt: wire.created_at,
    expiresAt: wire.expires_at ?? null,
    paidAt: wire.paid_at ?? null,
    ...(wire.promo
      ? {
          promo: {
            code: wire.promo.code,
            discount: wire.promo.discount,
            events: fromWirePromoEvents(wire.promo.events),
          },
        }
      : {}),
  };
}

/** The proof-of-work challenge order creation needs (ALTCHA's scheme). */
export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxNumber: number;
  salt: string;
  signature: string;
}

export interface BasketClientOptions {
  /** the API's base URL, e.g. browserConfig().basketApiUrl */
  baseUrl: string;
  /** the page's language: titles in answers and the language of new orders */
  lang: Lang;
  timeoutMs?: number;
  /** where axios comes from; tests and Node callers may pass it directly */
  loadAxios?: () => Promise<AxiosStatic>;
}

export interface BasketClient {
  readonly lang: Lang;
  /** GET /api/basket, priced in `currencyCode`. */
  getBasket(currencyCode?: string): Promise<Basket>;
  /** POST /api/basket: one change; answers the whole basket. */
  changeBasket(change: BasketChange, currencyCode?: string): Promise<Basket>;
  /** DELETE /api/basket. */
  clearBasket(currencyCode?: string): Promise<Basket>;
  /** GET /api/captcha: a fresh challenge to solve before creating an order. */
  getCaptcha(): Promise<CaptchaChallenge>;
  /** POST /api/orders: the basket becomes an order (and is emptied); a free one comes back paid. */
  createOrder(order: Omit<NewOrder, "lang">): Promise<Order>;
  /** GET /api/orders/{id}: an order of this visitor's session. */
  getOrder(id: string): Promise<Order>;
  /** POST /api/orders/{id}/payments: where the acquirer's hosted payment page is. */
  /** `lang`: the language the buyer pays in; the acquirer's page and later e-mails follow it. */
  startPayment(id: string, returnUrl: string, lang: Lang): Promise<{ redirectUrl: string }>;
  /** GET /api/orders: this session's orders and those it found by lookup, newest first. */
  listOrders(): Promise<Order[]>;
  /** POST /api/orders/lookup: an order by its number and the buyer's e-mail, from any browser; adds it to this session. */
  lookupOrder(number: string, email: string): Promise<Order>;
  /**
   * GET /api/orders/{id}/wallet (2.3): the links that add the order's tickets to Apple or Google
   * Wallet. A server without the route (2.2) offers neither, which is not an error.
   */
  getWalletLinks(id: string): Promise<OrderWallets>;
  /**
   * PUT /api/basket/promo (2.3): enters a promo code into the basket; answers the whole basket. A
   * refused code is a BasketApiError with code promo_<reason>; a server without codes answers 404
   * with another code.
   */
  enterPromo(code: string, currencyCode?: string): Promise<Basket>;
  /** DELETE /api/basket/promo (2.3). */
  removePromo(currencyCode?: string): Promise<Basket>;
}

type WireWalletLinks = components["schemas"]["WalletLinks"];

function fromWireOffer(offer: WireWalletLinks["apple"]): WalletOffer | null {
  return offer
    ? { orderUrl: offer.order_url, tickets: offer.tickets.map((t) => ({ code: t.code, url: t.url })) }
    : null;
}

const defaultLoadAxios = (): Promise<AxiosStatic> => import("axios").then((m) => m.default);

function currencyParams(currencyCode: string | undefined): { currency_code?: string } {
  return currencyCode ? { currency_code: currencyCode.toUpperCase() } : {};
}

export function createBasketClient(options: BasketClientOptions): BasketClient {
  const { baseUrl, lang, timeoutMs = TIMEOUT_MS, loadAxios = defaultLoadAxios } = options;
  // This client's own axios instance, made on its first request.
  let instance: Promise<AxiosInstance> | undefined;

  const http = (): Promise<AxiosInstance> => {
    instance ??= loadAxios()
      .then((axios) =>
        axios.create({
          baseURL: baseUrl,
          withCredentials: true,
          timeout: timeoutMs,
          headers: { Accept: "application/json" },
        }),
      )
      .catch((error: unknown) => {
        // a failed chunk load must not stick: the next call tries again
        instance = undefined;
        throw error;
      });
    return instance;
  };

  const request = async <T>(config: AxiosRequestConfig): Promise<T> => {
    try {
      const client = await http();
      const params = { ...(config.params as Record<string, unknown> | undefined), lang };
      const response = await client.request<T>({ ...config, params });
      return response.data;
    } catch (error) {
      throw toBasketApiError(error);
    }
  };

  const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

  return {
    lang,
    async getBasket(currencyCode) {
      return fromWireBasket(
        await request<WireBasket>({ method: "GET", url: "/api/basket", params: currencyParams(currencyCode) }),
      );
    },
    async changeBasket(change, currencyCode) {
      const wire = await request<WireBasket>({
        method: "POST",
        url: "/api/basket",
        params: currencyParams(currencyCode),
        data: change,
      });
      return fromWireBasket(wire);
    },
    async clearBasket(currencyCode) {
      const basket = fromWireBasket(
        await request<WireBasket>({ method: "DELETE", url: "/api/basket", params: currencyParams(currencyCode) }),
      );
      return currencyCode ? { ...basket, currencyCode: basket.currencyCode || currencyCode } : basket;
    },
    async enterPromo(code, currencyCode) {
      return fromWireBasket(
        await request<WireBasket>({
          method: "PUT",
          url: "/api/basket/promo",
          params: currencyParams(currencyCode),
          data: { code },
        }),
      );
    },
    async removePromo(currencyCode) {
      return fromWireBasket(
        await request<WireBasket>({ method: "DELETE", url: "/api/basket/promo", params: currencyParams(currencyCode) }),
      );
    },
    async getCaptcha() {
      const wire = await request<WireChallenge>({ method: "GET", url: "/api/captcha" });
      return {
        algorithm: wire.algorithm,
        challenge: wire.challenge,
        maxNumber: wire.maxnumber,
        salt: wire.salt,
        signature: wire.signature,
      };
    },
    async createOrder(order) {
      const body: WireNewOrder = {
        email: order.email,
        name: order.name,
        phone: order.phone ?? null,
        acquisition_id: order.acquisitionId,
        currency_code: order.currencyCode.toUpperCase(),
        lang,
        captcha: order.captcha,
      };
      if (order.utm && Object.keys(order.utm).length > 0) body.utm = order.utm;
      return fromWireOrder(await request<WireOrder>({ method: "POST", url: "/api/orders", data: body }));
    },
    async getOrder(id) {
      return fromWireOrder(await request<WireOrder>({ method: "GET", url: orderPath(id) }));
    },
    async listOrders() {
      const wire = await request<WireOrderList>({ method: "GET", url: "/api/orders" });
      return wire.results.map(fromWireOrder);
    },
    async lookupOrder(number, email) {
      return fromWireOrder(
        await request<WireOrder>({ method: "POST", url: "/api/orders/lookup", data: { number, email } }),
      );
    },
    async getWalletLinks(id) {
      try {
        const wire = await request<WireWalletLinks>({ method: "GET", url: `${orderPath(id)}/wallet` });
        return { apple: fromWireOffer(wire.apple), google: fromWireOffer(wire.google) };
      } catch (error) {
        if (isBasketApiError(error) && error.status === 404) return NO_WALLETS;
        throw error;
      }
    },
    async startPayment(id, returnUrl, lang) {
      const wire = await request<WirePaymentStarted>({
        method: "POST",
        url: `${orderPath(id)}/payments`,
        data: { return_url: returnUrl, lang },
      });
      return { redirectUrl: wire.redirect_url };
    },
  };
}
