/**
 * Every page address of the site and its languages, in one place.
 *
 * English lives at the root ("/events/1/"), the other languages under their prefix
 * ("/ru/events/1/", "/ar/events/1/"); every page path ends in a slash. The builders in
 * `href` give a page's path without language; `localize()` puts it into a language. The
 * page planner, the SEO head, the sitemap and .ics writers, the CDN rules, `npm run serve`,
 * the nginx configuration and the end-to-end tests all read these tables, so an address
 * changes here or nowhere.
 *
 * Pure and browser-safe: imported by components as well as by build scripts.
 */

import { DEFAULT_LANGUAGE, LANGUAGES, type Lang } from "./catalogue";
import { INFO_PAGE_KEYS, type InfoPageKey } from "./page-context";

export { DEFAULT_LANGUAGE, LANGUAGES, type Lang };

export type TextDirection = "ltr" | "rtl";

export interface LanguageInfo {
  /** writing direction of the page (<html dir>) */
  direction: TextDirection;
  /** locale for Open Graph ("en_US"); Intl takes it with a hyphen */
  locale: string;
  /** path prefix: "" for the default language, "/ru" for Russian */
  prefix: string;
}

export const LANGUAGE_INFO: Readonly<Record<Lang, LanguageInfo>> = {
  en: { direction: "ltr", locale: "en_US", prefix: "" },
  ru: { direction: "ltr", locale: "ru_RU", prefix: "/ru" },
  ar: { direction: "rtl", locale: "ar_AE", prefix: "/ar" },
};

/** A checked language: anything else (a cast i18next language, a path segment) is not one. */
export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language, or the default one when `value` is not a language of the site. */
export function asLang(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANGUAGE;
}

export function directionOf(lang: string): TextDirection {
  return LANGUAGE_INFO[asLang(lang)].direction;
}

/**
 * The language of a path from its prefix: "/ru/events/" is Russian, "/events/" and
 * "/russia/" are English. "/en/..." (only the bill page lives there) is English too.
 */
export function languageOfPath(pathname: string): Lang {
  const first = pathname.split("/")[1] ?? "";
  return isLang(first) ? first : DEFAULT_LANGUAGE;
}

/** "/events/12/" in `lang`: unchanged for English, "/ru/events/12/" for Russian. */
export function localize(path: string, lang: Lang): string {
  const absolute = path.startsWith("/") ? path : `/${path}`;
  return `${LANGUAGE_INFO[lang].prefix}${absolute}`;
}

/** The path without its language prefix: "/ru/events/12/" -> "/events/12/". */
export function unlocalize(pathname: string): string {
  const lang = languageOfPath(pathname);
  const prefix = LANGUAGE_INFO[lang].prefix;
  if (!prefix || !pathname.startsWith(prefix)) return pathname;
  const rest = pathname.slice(prefix.length);
  return rest === "" ? "/" : rest;
}

/** The info pages (texts in src/content/info/), each at "/<key>/". */
export const INFO_PAGES = INFO_PAGE_KEYS;
export type InfoPage = InfoPageKey;

const id = (value: number | string): string => encodeURIComponent(String(value));

/** `path` with its query ("/order/success/?order=7"); the bare path when no parameter is given. */
export function withQuery(path: string, params: Readonly<Record<string, string | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The whole address of a page in a language: "https://site" + "/ru/events/1/". */
export function absoluteUrl(siteUrl: string, path: string, lang: Lang): string {
  return `${siteUrl.replace(/\/+$/, "")}${localize(path, lang)}`;
}

/** Why an order's payment did not go through, as the fail page's `reason` says it. */
export type FailReason = "declined" | "cancelled";

/** Page paths without language; `localize(href.event(1), "ru")` for another language. */
export const href = {
  home: (): string => "/",
  events: (): string => "/events/",
  /** the search page; `query` is the already encoded query string without "?" */
  eventsSearch: (query = ""): string => (query ? `/events/search/?${query}` : "/events/search/"),
  /** the search page searching for a visitor's text (none when it is blank) */
  eventsSearchFor: (text: string): string => {
    const q = text.trim();
    return q ? href.eventsSearch(`q=${encodeURIComponent(q)}`) : href.eventsSearch();
  },
  event: (eventId: number | string): string => `/events/${id(eventId)}/`,
  places: (): string => "/places/",
  place: (placeId: number | string): string => `/places/${id(placeId)}/`,
  persons: (): string => "/persons/",
  person: (personId: number | string): string => `/persons/person/${id(personId)}/`,
  newsList: (): string => "/news/",
  news: (newsId: number | string): string => `/news/${id(newsId)}/`,
  payAndDelivery: (): string => "/pay-and-delivery/",
  info: (page: InfoPage): string => `/${page}/`,
  cart: (): string => "/cart/",
  orderCheckout: (): string => "/order/checkout/",
  /** what happens next with an order paid later (bank transfer, cash): ?order=<id> */
  orderSuccess: (orderId?: string): string => withQuery("/order/success/", { order: orderId }),
  /** a payment that did not go through, and why */
  orderFail: (orderId?: string, reason?: FailReason): string => withQuery("/order/fail/", { order: orderId, reason }),
  /** where the acquirer sends the browser back (it adds ?order=<id> itself), and a paid order's tickets */
  paymentSuccess: (orderId?: string): string => withQuery("/payment/success/", { order: orderId }),
  /** an order's pay page (client-only: one HTML page answers every order) */
  orderPay: (orderId: number | string): string => `/order/pay/${id(orderId)}/`,
  /** an order's bill (client-only) */
  orderBill: (orderId: number | string): string => `/order/bill/${id(orderId)}/`,
  /** the page that says an order address is unknown (client-only catch-all under /order/) */
  order: (): string => "/order/",
  /**
   * Find an order by its number and the buyer's e-mail, from any browser; filled in for one
   * order when given. The e-mail goes in the fragment, which browsers never send to a
   * server, so it stays out of access logs and Referer headers.
   */
  orderLookup: (number?: string, email?: string): string =>
    `${withQuery("/order/lookup/", { number })}${email ? `#${new URLSearchParams({ email }).toString()}` : ""}`,
  /** the printable tickets of an order: ?order=<id>, like the outcome pages */
  orderTickets: (orderId?: string): string => withQuery("/order/tickets/", { order: orderId }),
  /** the orders of this browser */
  myOrders: (): string => "/orders/",
  /** the door scanner for the staff; a pairing link adds #pair=<token> */
  scan: (): string => "/scan/",
  notFound: (): string => "/404/",
  /** an event's calendar file in one language (not localized: the language is in the name) */
  ics: (eventId: number, lang: Lang): string => `/ics/event-${eventId}-${lang}.ics`,
  sitemap: (): string => "/sitemap.xml",
} as const;

/** Template file names under src/templates/. */
export type TemplateName =
  | "home.tsx"
  | "events-list.tsx"
  | "events-search.tsx"
  | "event.tsx"
  | "places-list.tsx"
  | "place.tsx"
  | "persons-list.tsx"
  | "person.tsx"
  | "news-list.tsx"
  | "news.tsx"
  | "pay-and-delivery.tsx"
  | "info-page.tsx"
  | "cart.tsx"
  | "order-checkout.tsx"
  | "order-success.tsx"
  | "order-fail.tsx"
  | "payment-success.tsx"
  | "order-bill.tsx"
  | "order-pay.tsx"
  | "order-not-found.tsx"
  | "order-lookup.tsx"
  | "order-tickets.tsx"
  | "my-orders.tsx"
  | "scan.tsx"
  | "not-found.tsx";

export interface RouteEntry {
  /** the page path without language; ":id" stands for a record's id */
  path: string;
  template: TemplateName;
  /** listed in sitemap.xml */
  inSitemap: boolean;
  /** one HTML page answers every path under `path` (the order pages read the id in the browser) */
  clientOnly?: boolean;
}

/**
 * Every kind of page, in every language. The planner builds one page per entry and record;
 * the publish check expects each of them.
 */
export const ROUTES = {
  home: { path: href.home(), template: "home.tsx", inSitemap: true },
  events: { path: href.events(), template: "events-list.tsx", inSitemap: true },
  eventsSearch: { path: href.eventsSearch(), template: "events-search.tsx", inSitemap: true },
  event: { path: "/events/:id/", template: "event.tsx", inSitemap: true },
  places: { path: href.places(), template: "places-list.tsx", inSitemap: true },
  place: { path: "/places/:id/", template: "place.tsx", inSitemap: true },
  persons: { path: href.persons(), template: "persons-list.tsx", inSitemap: true },
  person: { path: "/persons/person/:id/", template: "person.tsx", inSitemap: true },
  newsList: { path: href.newsList(), template: "news-list.tsx", inSitemap: true },
  news: { path: "/news/:id/", template: "news.tsx", inSitemap: true },
  payAndDelivery: { path: href.payAndDelivery(), template: "pay-and-delivery.tsx", inSitemap: true },
  info: { path: "/:page/", template: "info-page.tsx", inSitemap: true },
  cart: { path: href.cart(), template: "cart.tsx", inSitemap: false },
  orderCheckout: { path: href.orderCheckout(), template: "order-checkout.tsx", inSitemap: false },
  orderSuccess: { path: href.orderSuccess(), template: "order-success.tsx", inSitemap: false },
  orderFail: { path: href.orderFail(), template: "order-fail.tsx", inSitemap: false },
  paymentSuccess: { path: href.paymentSuccess(), template: "payment-success.tsx", inSitemap: false },
  orderBill: { path: "/order/bill/", template: "order-bill.tsx", inSitemap: false, clientOnly: true },
  orderPay: { path: "/order/pay/", template: "order-pay.tsx", inSitemap: false, clientOnly: true },
  order: { path: href.order(), template: "order-not-found.tsx", inSitemap: false, clientOnly: true },
  orderLookup: { path: href.orderLookup(), template: "order-lookup.tsx", inSitemap: false },
  orderTickets: { path: href.orderTickets(), template: "order-tickets.tsx", inSitemap: false },
  myOrders: { path: href.myOrders(), template: "my-orders.tsx", inSitemap: false },
  scan: { path: href.scan(), template: "scan.tsx", inSitemap: false },
  notFound: { path: href.notFound(), template: "not-found.tsx", inSitemap: false },
} as const satisfies Record<string, RouteEntry>;

export type RouteKind = keyof typeof ROUTES;

export interface ClientOnlyRoute {
  lang: Lang;
  /** the localized page path, which is also the prefix it answers: "/ru/order/pay/" */
  path: string;
  /** the path without language, as the page context's originalPath: "/order/pay/" */
  originalPath: string;
  template: TemplateName;
}

/**
 * The client-only pages, longest path first (the order in which a path is matched against
 * them): one HTML page at "/ru/order/pay/" answers every "/ru/order/pay/*" with status 200.
 * English also has its bill under "/en/order/bill/", an address printed on bills sent
 * before the English pages lost their prefix.
 */
export const CLIENT_ONLY_ROUTES: readonly ClientOnlyRoute[] = (() => {
  const routes: ClientOnlyRoute[] = [];
  const clientOnly = Object.values(ROUTES).filter(
    (r): r is (typeof ROUTES)[RouteKind] & { clientOnly: true } => "clientOnly" in r,
  );
  for (const lang of LANGUAGES) {
    for (const route of clientOnly) {
      routes.push({ lang, path: localize(route.path, lang), originalPath: route.path, template: route.template });
    }
  }
  routes.push({
    lang: DEFAULT_LANGUAGE,
    path: `/${DEFAULT_LANGUAGE}${ROUTES.orderBill.path}`,
    originalPath: ROUTES.orderBill.path,
    template: "order-bill.tsx",
  });
  // an ordinal comparison: localeCompare would build a collator when the module loads, on every page
  return routes.sort((a, b) => b.path.length - a.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
})();

/** The client-only page answering `pathname` ("/ru/order/pay/7/" -> "/ru/order/pay/"), if any. */
export function clientOnlyRouteOf(pathname: string): ClientOnlyRoute | undefined {
  const withSlash = pathname.endsWith("/") ? pathname : `${pathname}/`;
  return CLIENT_ONLY_ROUTES.find((route) => withSlash.startsWith(route.path));
}

/** The route whose one-record path ("/events/:id/") a page path is, in any language ("/ru/events/12/" -> "event"). */
export function recordRouteOf(pathname: string): RouteKind | undefined {
  const path = unlocalize(pathname);
  return RECORD_ROUTES.find(([, pattern]) => pattern.test(path))?.[0];
}

const RECORD_ROUTES: ReadonlyArray<readonly [RouteKind, RegExp]> = (Object.keys(ROUTES) as RouteKind[])
  .filter((kind) => ROUTES[kind].path.includes(":id"))
  .map((kind) => [kind, new RegExp(`^${ROUTES[kind].path.replace(":id", "\\d+")}$`)] as const);

/**
 * The file of the 404 page of each language, the page answering unknown paths with status 404.
 * English has Gatsby's /404.html; the others their /<lang>/404/ page.
 */
export function notFoundFile(lang: Lang): string {
  return lang === DEFAULT_LANGUAGE ? "/404.html" : `${localize(href.notFound(), lang)}index.html`;
}

/** The 404 page file for an unknown path: of the path's language ("/ru/x" -> "/ru/404/index.html"). */
export function notFoundFileFor(pathname: string): string {
  return notFoundFile(languageOfPath(pathname));
}

/**
 * Pages about an order that exists (pay, bill, its outcome, the payment's return), in any
 * language: "/ru/order/pay/7/" -> true. English also answers its bill under "/en/".
 */
export function showsPlacedOrder(pathname: string): boolean {
  const path = unlocalize(pathname);
  const pages = [ROUTES.orderPay, ROUTES.orderBill, ROUTES.orderSuccess, ROUTES.orderFail, ROUTES.paymentSuccess];
  return (
    pages.some((route) => path.startsWith(route.path)) ||
    path.startsWith(`/${DEFAULT_LANGUAGE}${ROUTES.orderBill.path}`)
  );
}

/** The order id an outcome page's address carries ("?order=..."); null when absent or blank. */
export function orderIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get("order")?.trim();
  return id ? id : null;
}

/**
 * What `href.orderLookup(number, email)` wrote into the lookup page's address (or a visitor
 * typed): the number from the query, the e-mail from the fragment; blank when absent.
 */
export function lookupPrefill(search: string, hash: string): { number: string; email: string } {
  const number = new URLSearchParams(search).get("number")?.trim() ?? "";
  const email = new URLSearchParams(hash.replace(/^#/, "")).get("email")?.trim() ?? "";
  return { number, email };
}

/** Why a payment failed, from the fail page's address ("?reason=declined"); null otherwise. */
export function failReasonFromSearch(search: string): FailReason | null {
  const reason = new URLSearchParams(search).get("reason");
  return reason === "declined" || reason === "cancelled" ? reason : null;
}

/**
 * What the acquirer appended to the return address ("&payment=declined"): a refusal goes
 * straight to the fail page, without a wait. Only a hint: each page still reads the order.
 */
export function refusalFromSearch(search: string): FailReason | null {
  const said = new URLSearchParams(search).get("payment");
  return said === "declined" || said === "cancelled" ? said : null;
}

/**
 * The order id of a client-only route: "/ru/order/pay/abc/" -> "abc" for "pay". Takes the
 * first segment after /order/<section>/ ("any sub-path accepted": /order/pay/abc/extra/
 * is still order abc). The English bill also lives under /en/order/bill/.
 */
export function orderIdFromPath(pathname: string, section: "pay" | "bill"): string | null {
  const segments = pathname.split("/").filter(Boolean);
  const at = segments.findIndex((s, i) => s === "order" && segments[i + 1] === section);
  if (at === -1) return null;
  const raw = segments[at + 2];
  if (!raw) return null;
  try {
    const id = decodeURIComponent(raw).trim();
    return id === "" ? null : id;
  } catch {
    return null;
  }
}
