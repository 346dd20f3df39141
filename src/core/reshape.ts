/**
 * Wire shapes -> domain types, at the boundary.
 *
 * Each reader names the contract schema it reads (src/core/generated/catalogue.ts, generated
 * from contracts/catalogue.openapi.yaml) and reads fields only by the names and kinds that
 * schema gives them, so a field renamed or retyped in the contract fails `npm run typecheck`.
 * Every reader also checks the type of what it reads and throws a `ShapeError` naming the
 * JSON pointer of the offending field, so garbage from a catalogue turns into one clear
 * error (the browser has no schema validator; at build time ajv has already checked the
 * answer against the contract before this runs). Extra fields are ignored.
 *
 * Editors' HTML is never passed through raw: `sanitizeHtml` is injected by the caller
 * (sanitize-html at build time); without one, HTML fields come out as null.
 */
import type {
  Acquisition,
  AcquisitionType,
  CatalogueImage,
  CategoryRef,
  Currency,
  DatePrices,
  EventDateFacet,
  EventDetail,
  EventPrice,
  EventStatus,
  Facet,
  Landing,
  NewsItem,
  Person,
  Place,
  Ref,
  TicketOffer,
} from "./catalogue";
import { STAR_CAST_LABEL_ID } from "./catalogue";
import type { components, operations } from "./generated/catalogue";
import { htmlToText } from "./html-to-text";

export class ShapeError extends Error {
  readonly pointer: string;
  constructor(pointer: string, expected: string) {
    super(`${pointer || "/"} must be ${expected}`);
    this.name = "ShapeError";
    this.pointer = pointer;
  }
}

export type HtmlSanitizer = (html: string) => string;

export interface ReshapeOptions {
  sanitizeHtml?: HtmlSanitizer;
}

type Schemas = components["schemas"];
type DateFacetWire = operations["listEventDates"]["responses"]["200"]["content"]["application/json"]["results"][number];
type LanguageCurrencyWire = NonNullable<Schemas["Landing"]["language_currency"]>[string][number];

declare const WIRE: unique symbol;
/** An answer object known to be an object, whose fields are read by the names schema `T` gives them. */
type Wire<T> = Record<string, unknown> & { readonly [WIRE]?: T };
/** The fields of `T` whose values (null and absence aside) are of kind `V`. */
type FieldOf<T, V> = { [K in keyof T]-?: NonNullable<T[K]> extends V ? K : never }[keyof T] & string;

function obj<T>(value: unknown, at: string): Wire<T> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ShapeError(at, "object");
  return value as Wire<T>;
}

/** A field's raw value, by a name the schema has. */
const field = <T>(o: Wire<T>, key: keyof T & string): unknown => o[key];

function arr(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(at, "array");
  return value;
}

/** A test of a field's value and what the error says the field should have been. */
interface Kind<T> {
  is: (v: unknown) => v is T;
  name: string;
}

const STRING: Kind<string> = { is: (v): v is string => typeof v === "string", name: "string" };
const INTEGER: Kind<number> = {
  is: (v): v is number => typeof v === "number" && Number.isInteger(v),
  name: "integer",
};
const NUMBER: Kind<number> = { is: (v): v is number => typeof v === "number" && Number.isFinite(v), name: "number" };
const BOOLEAN: Kind<boolean> = { is: (v): v is boolean => typeof v === "boolean", name: "boolean" };

function required<S, T>(o: Wire<S>, key: FieldOf<S, T>, at: string, kind: Kind<T>): T {
  const v = o[key];
  if (!kind.is(v)) throw new ShapeError(`${at}/${key}`, kind.name);
  return v;
}

/** An absent field and null are both null. */
function optional<S, T>(o: Wire<S>, key: FieldOf<S, T>, at: string, kind: Kind<T>): T | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (!kind.is(v)) throw new ShapeError(`${at}/${key}`, `${kind.name} or null`);
  return v;
}

const str = <S>(o: Wire<S>, key: FieldOf<S, string>, at: string): string => required(o, key, at, STRING);
const optStr = <S>(o: Wire<S>, key: FieldOf<S, string>, at: string): string | null => optional(o, key, at, STRING);
const int = <S>(o: Wire<S>, key: FieldOf<S, number>, at: string): number => required(o, key, at, INTEGER);
const optInt = <S>(o: Wire<S>, key: FieldOf<S, number>, at: string): number | null => optional(o, key, at, INTEGER);
const num = <S>(o: Wire<S>, key: FieldOf<S, number>, at: string): number => required(o, key, at, NUMBER);
const optNum = <S>(o: Wire<S>, key: FieldOf<S, number>, at: string): number | null => optional(o, key, at, NUMBER);
const bool = <S>(o: Wire<S>, key: FieldOf<S, boolean>, at: string): boolean => required(o, key, at, BOOLEAN);

/** A date-time the rest of the site can hand to `new Date()`. */
function dateTime<S>(o: Wire<S>, key: FieldOf<S, string>, at: string): string {
  const v = str(o, key, at);
  if (Number.isNaN(Date.parse(v))) throw new ShapeError(`${at}/${key}`, "a date-time");
  return v;
}

function optDateTime<S>(o: Wire<S>, key: FieldOf<S, string>, at: string): string | null {
  if (o[key] === undefined || o[key] === null) return null;
  return dateTime(o, key, at);
}

function list<S, T>(
  o: Wire<S>,
  key: FieldOf<S, readonly unknown[]>,
  at: string,
  item: (v: unknown, at: string) => T,
  optional = false,
): T[] {
  const v = o[key];
  if (optional && (v === undefined || v === null)) return [];
  return arr(v, `${at}/${key}`).map((entry, i) => item(entry, `${at}/${key}/${i}`));
}

function oneOf<S, T extends string>(
  o: Wire<S>,
  key: FieldOf<S, T> & FieldOf<S, string>,
  at: string,
  allowed: readonly T[],
): T {
  const v = str(o, key, at);
  if (!(allowed as readonly string[]).includes(v)) throw new ShapeError(`${at}/${key}`, `one of ${allowed.join(", ")}`);
  return v as T;
}

function html<S>(o: Wire<S>, key: FieldOf<S, string>, at: string, options: ReshapeOptions): string | null {
  const raw = optStr(o, key, at);
  if (raw === null || !options.sanitizeHtml) return null;
  const clean = options.sanitizeHtml(raw).trim();
  return clean === "" ? null : clean;
}

function reshapeRef(value: unknown, at: string): Ref {
  const o = obj<Schemas["Ref"]>(value, at);
  return { id: int(o, "id", at), title: str(o, "title", at) };
}

function optRef<S>(o: Wire<S>, key: FieldOf<S, Schemas["Ref"]>, at: string): Ref | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  return reshapeRef(v, `${at}/${key}`);
}

function reshapeCategoryRef(value: unknown, at: string): CategoryRef {
  const o = obj<Schemas["Event"]["categories"][number]>(value, at);
  return { ...reshapeRef(o, at), typeId: optInt(o, "type_id", at) };
}

/** Only http(s) images: a `javascript:` or `data:` URL never reaches an <img src>. */
function safeUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

function reshapeImage<S>(o: Wire<S>, key: FieldOf<S, Schemas["Image"]>, at: string): CatalogueImage | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  const p = `${at}/${key}`;
  const image = obj<Schemas["Image"]>(v, p);
  const url = str(image, "url", p);
  if (!safeUrl(url)) return null;
  return {
    url: url.trim(),
    width: int(image, "width", p),
    height: int(image, "height", p),
    alt: optStr(image, "alt", p),
  };
}

const EVENT_STATUSES: readonly EventStatus[] = ["on_sale", "sold_out", "cancelled", "postponed"];

export function reshapeEvent(value: unknown, at: string, options: ReshapeOptions = {}): EventDetail {
  const o = obj<Schemas["Event"]>(value, at);
  const labels = list(o, "labels", at, reshapeRef);
  return {
    id: int(o, "id", at),
    eventSourceId: int(o, "event_source_id", at),
    title: str(o, "title", at),
    shortDescription: optStr(o, "short_description", at),
    startedAt: dateTime(o, "started_at", at),
    finishedAt: optDateTime(o, "finished_at", at),
    place: reshapeRef(field(o, "place"), `${at}/place`),
    hall: optRef(o, "hall", at),
    location: reshapeRef(field(o, "location"), `${at}/location`),
    categories: list(o, "categories", at, reshapeCategoryRef),
    persons: list(o, "persons", at, reshapeRef),
    labels,
    isStarCast: labels.some((label) => label.id === STAR_CAST_LABEL_ID),
    image: reshapeImage(o, "image", at),
    ageLimit: optInt(o, "age_limit", at),
    status: oneOf(o, "status", at, EVENT_STATUSES),
    minPrice: optNum(o, "min_price", at),
    currencyCode: optStr(o, "currency_code", at),
    updatedAt: dateTime(o, "updated_at", at),
    descriptionHtml: html(o, "description", at, options),
  };
}

export function reshapePlace(value: unknown, at: string, options: ReshapeOptions = {}): Place {
  const o = obj<Schemas["Place"]>(value, at);
  return {
    id: int(o, "id", at),
    title: str(o, "title", at),
    address: optStr(o, "address", at),
    descriptionHtml: html(o, "description", at, options),
    location: reshapeRef(field(o, "location"), `${at}/location`),
    latitude: optNum(o, "latitude", at),
    longitude: optNum(o, "longitude", at),
    halls: list(o, "halls", at, reshapeRef, true),
    image: reshapeImage(o, "image", at),
    updatedAt: dateTime(o, "updated_at", at),
  };
}

export function reshapePerson(value: unknown, at: string, options: ReshapeOptions = {}): Person {
  const o = obj<Schemas["Person"]>(value, at);
  return {
    id: int(o, "id", at),
    title: str(o, "title", at),
    descriptionHtml: html(o, "description", at, options),
    image: reshapeImage(o, "image", at),
    updatedAt: dateTime(o, "updated_at", at),
  };
}

export function reshapeNews(value: unknown, at: string, options: ReshapeOptions = {}): NewsItem {
  const o = obj<Schemas["NewsItem"]>(value, at);
  return {
    id: int(o, "id", at),
    title: str(o, "title", at),
    lead: optStr(o, "lead", at),
    bodyHtml: html(o, "body", at, options),
    publishedAt: dateTime(o, "published_at", at),
    image: reshapeImage(o, "image", at),
    eventIds:
      field(o, "event_ids") === undefined || field(o, "event_ids") === null
        ? []
        : arr(field(o, "event_ids"), `${at}/event_ids`).map((id, i) => {
            if (typeof id !== "number" || !Number.isInteger(id))
              throw new ShapeError(`${at}/event_ids/${i}`, "integer");
            return id;
          }),
    updatedAt: dateTime(o, "updated_at", at),
  };
}

function plainText(value: string | null): string | null {
  if (value === null) return null;
  const text = /[<&]/.test(value) ? htmlToText(value) : value.trim();
  return text === "" ? null : text;
}

const ACQUISITION_TYPES: readonly AcquisitionType[] = ["card", "apple_pay", "google_pay", "bank_transfer", "cash"];

export function reshapeAcquisition(value: unknown, at: string): Acquisition {
  const o = obj<Schemas["Acquisition"]>(value, at);
  return {
    id: int(o, "id", at),
    title: str(o, "title", at),
    type: oneOf(o, "type", at, ACQUISITION_TYPES),
    currencies: list(o, "currencies", at, (v, p) => {
      if (typeof v !== "string") throw new ShapeError(p, "string");
      return v.toUpperCase();
    }),
    feePercent: optNum(o, "fee_percent", at),
    // the contract's convention makes any `description` editors' HTML; the domain keeps
    // this one as plain text (shown escaped), so markup is taken out rather than shown
    description: plainText(optStr(o, "description", at)),
  };
}

export function reshapeFacet(value: unknown, at: string): Facet {
  const o = obj<Schemas["Facet"]>(value, at);
  return {
    id: int(o, "id", at),
    title: str(o, "title", at),
    typeId: optInt(o, "type_id", at),
    placeId: optInt(o, "place_id", at),
    locationId: optInt(o, "location_id", at),
    eventsCount: optInt(o, "events_count", at),
  };
}

export function reshapeDateFacet(value: unknown, at: string): EventDateFacet {
  const o = obj<DateFacetWire>(value, at);
  const date = str(o, "date", at);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ShapeError(`${at}/date`, "a date YYYY-MM-DD");
  return { date, eventsCount: int(o, "events_count", at) };
}

function reshapeCurrency(value: unknown, at: string): Currency {
  const o = obj<Schemas["Currency"]>(value, at);
  return {
    code: str(o, "code", at),
    symbol: str(o, "symbol", at),
    title: str(o, "title", at),
    decimals: optInt(o, "decimals", at) ?? 2,
  };
}

export function reshapeLanding(value: unknown, at = ""): Landing {
  const o = obj<Schemas["Landing"]>(value, at);
  const languageCurrency: Record<string, string[]> = {};
  const byCurrency = field(o, "language_currency");
  if (byCurrency !== undefined && byCurrency !== null) {
    const map = obj<NonNullable<Schemas["Landing"]["language_currency"]>>(byCurrency, `${at}/language_currency`);
    for (const [code, entries] of Object.entries(map)) {
      const p = `${at}/language_currency/${code}`;
      languageCurrency[code] = arr(entries, p).map((entry, i) =>
        str(obj<LanguageCurrencyWire>(entry, `${p}/${i}`), "value", `${p}/${i}`),
      );
    }
  }
  const languageList = field(o, "languages");
  const languages =
    languageList === undefined || languageList === null
      ? ["ru"]
      : arr(languageList, `${at}/languages`).map((v, i) => {
          if (typeof v !== "string") throw new ShapeError(`${at}/languages/${i}`, "string");
          return v;
        });
  return {
    id: int(o, "id", at),
    siteUrl: str(o, "site_url", at),
    languages,
    mainLang: optStr(o, "main_lang", at),
    currencies: list(o, "currencies", at, reshapeCurrency),
    languageCurrency,
    showCurrencies: bool(o, "ui_config_show_currencies", at),
  };
}

export function reshapeEventPrice(value: unknown, at: string): EventPrice {
  const o = obj<Schemas["EventPrice"]>(value, at);
  return {
    id: int(o, "id", at),
    minPrice: optNum(o, "min_price", at),
    maxPrice: optNum(o, "max_price", at),
    currencyCode: str(o, "currency_code", at),
  };
}

function reshapeTicket(value: unknown, at: string): TicketOffer {
  const o = obj<Schemas["TicketOffer"]>(value, at);
  return {
    id: int(o, "id", at),
    title: str(o, "title", at),
    price: num(o, "price", at),
    serviceFee: optNum(o, "service_fee", at) ?? 0,
    currencyCode: str(o, "currency_code", at),
    available: int(o, "available", at),
    maxPerOrder: optInt(o, "max_per_order", at) ?? 10,
  };
}

export function reshapeDatePrices(value: unknown, at: string): DatePrices {
  const o = obj<Schemas["DatePrices"]>(value, at);
  return {
    startedAt: dateTime(o, "started_at", at),
    finishedAt: optDateTime(o, "finished_at", at),
    tickets: list(o, "tickets", at, reshapeTicket),
  };
}

/** A paginated answer: `count`, `next`, and the reshaped `results`. */
export interface PageOf<T> {
  count: number;
  next: string | null;
  results: T[];
}

export function reshapePage<T>(value: unknown, item: (v: unknown, at: string) => T): PageOf<T> {
  const o = obj<Schemas["Page"]>(value, "");
  const next = field(o, "next");
  if (next !== null && next !== undefined && typeof next !== "string") throw new ShapeError("/next", "string or null");
  return {
    count: int(o, "count", ""),
    next: typeof next === "string" && next !== "" ? next : null,
    results: list(o, "results", "", item),
  };
}

/** `{results: [...]}` answers that are not paginated (facets, dates). */
export function reshapeResults<T>(value: unknown, item: (v: unknown, at: string) => T): T[] {
  return list(obj<{ results: unknown[] }>(value, ""), "results", "", item);
}

export function reshapeArray<T>(value: unknown, item: (v: unknown, at: string) => T): T[] {
  return arr(value, "").map((entry, i) => item(entry, `/${i}`));
}
