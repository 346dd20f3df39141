/**
 * The one place where money, numbers and dates become text.
 *
 * Events happen in the UAE, so every event date and time is shown in UAE time
 * (Asia/Dubai), whatever the visitor's own time zone: the same text on the server
 * render and in the browser, so hydration agrees.
 */
import type { Locale } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import type { Lang } from "./catalogue";
import { formatDatePattern } from "./date-pattern";
import { LANGUAGE_INFO } from "./routes";
import { UAE_TIME_ZONE } from "./uae-time";

export { UAE_TIME_ZONE };

/** BCP 47 tag for Intl: the route module's locale of the language ("en_US") with a hyphen. */
export function intlLocale(lang: Lang): string {
  return LANGUAGE_INFO[lang].locale.replace("_", "-");
}

/**
 * Week start (0 = Sunday, 1 = Monday) as the calendars of the site's visitors expect it:
 * Monday for most languages; Sunday for Hebrew, Japanese and Arabic (Algeria).
 */
export function weekStartsOn(localeTag: string): 0 | 1 {
  const tag = localeTag.replace("_", "-").toLowerCase();
  if (tag === "he" || tag.startsWith("he-")) return 0;
  if (tag === "ja" || tag.startsWith("ja-")) return 0;
  if (tag === "ar-dz") return 0;
  return 1;
}

/**
 * The date-fns locales known so far. English is always there: date-fns' `format` carries it
 * as its default anyway. The others are registered by whoever runs the formatting: the server
 * render, the build and the server register all of them (./date-locales-all.ts); a browser
 * page loads only its own language's, before it hydrates (src/kernel/date-locale.ts), so no
 * page ships the month names of the other languages.
 */
const DATE_FNS_LOCALES = new Map<Lang, Locale>([["en", enUS]]);

const withWeekStart = new Map<Lang, Locale>();

/** Makes `lang`'s dates use `locale` from now on (dates already formatted in the fallback are forgotten). */
export function registerDateLocale(lang: Lang, locale: Locale): void {
  DATE_FNS_LOCALES.set(lang, locale);
  withWeekStart.delete(lang);
}

/** Whether `lang`'s own date-fns locale is registered (English always is). */
export function hasDateLocale(lang: Lang): boolean {
  return DATE_FNS_LOCALES.has(lang);
}

/**
 * Month and weekday names from Intl, on English's patterns: what a language's dates are written
 * with when its date-fns locale is not registered (a chunk that failed to load), so a date is
 * still in the page's language and nothing throws. Close to, not always equal to, date-fns' text.
 */
function intlFallbackLocale(lang: Lang): Locale {
  const tag = intlLocale(lang);
  type Width = "narrow" | "short" | "abbreviated" | "wide";
  const intlWidth = (width: Width | undefined): "narrow" | "short" | "long" =>
    width === "narrow" ? "narrow" : width === "wide" || width === undefined ? "long" : "short";
  const name = (options: Intl.DateTimeFormatOptions, at: Date): string => {
    try {
      return new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }).format(at);
    } catch {
      return new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" }).format(at);
    }
  };
  return {
    ...enUS,
    code: tag,
    localize: {
      ...enUS.localize,
      // 2023-01-01 was a Sunday: day n of that week is 1 + n
      day: (day: number, options?: { width?: Width }) =>
        name({ weekday: intlWidth(options?.width) }, new Date(Date.UTC(2023, 0, 1 + day))),
      month: (month: number, options?: { width?: Width }) =>
        name({ month: intlWidth(options?.width) }, new Date(Date.UTC(2023, month, 15))),
    } as Locale["localize"],
  };
}

export function dateFnsLocale(lang: Lang): Locale {
  let locale = withWeekStart.get(lang);
  if (!locale) {
    const base = DATE_FNS_LOCALES.get(lang) ?? intlFallbackLocale(lang);
    locale = { ...base, options: { ...base.options, weekStartsOn: weekStartsOn(intlLocale(lang)) } };
    withWeekStart.set(lang, locale);
  }
  return locale;
}

/**
 * An instant read in UAE time. The UAE keeps UTC+4 all year (no daylight saving time since
 * the zone exists), so its wall clock is the UTC clock four hours ahead: the getters date-fns
 * formats with read the UTC fields of the shifted instant, whatever the machine's zone. This
 * replaces @date-fns/tz, whose time-zone offset look-ups took 7-12 ms at start-up.
 */
const UAE_OFFSET_MINUTES = 240;
const UAE_OFFSET_MS = UAE_OFFSET_MINUTES * 60_000;

/** The fields date-fns reads through the local getters: each answers the UTC field of the shifted instant. */
const WALL_FIELDS = ["FullYear", "Month", "Date", "Day", "Hours", "Minutes", "Seconds", "Milliseconds"] as const;

class UaeDate extends Date {
  override getTimezoneOffset(): number {
    return -UAE_OFFSET_MINUTES;
  }
}
for (const field of WALL_FIELDS) {
  const utcGetter = Date.prototype[`getUTC${field}`];
  // as a class method is: not enumerable, replaceable
  Object.defineProperty(UaeDate.prototype, `get${field}`, {
    value(this: Date): number {
      return utcGetter.call(new Date(this.getTime() + UAE_OFFSET_MS));
    },
    writable: true,
    configurable: true,
  });
}

function inUae(iso: string): Date {
  return new UaeDate(new Date(iso).getTime());
}

/**
 * Formatted dates, remembered: a build renders the same event's date on its own page,
 * in lists, on its venue's and performers' pages, in three languages, and a time-zone
 * conversion costs far more than a lookup. Bounded, so a long browser session or a
 * 10,000-event build does not grow it without end.
 */
const formatted = new Map<string, string>();
const FORMATTED_LIMIT = 20_000;

function pattern(iso: string, lang: Lang, fmt: string): string {
  const key = `${lang}|${fmt}|${iso}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatDatePattern(inUae(iso), fmt, dateFnsLocale(lang));
    // the fallback's text is not remembered: the language's own locale may come later
    if (!hasDateLocale(lang)) return text;
    if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** "YYYY-MM-DD" of the instant in UAE time: the key events are grouped by day with. */
export function uaeDateKey(iso: string): string {
  return pattern(iso, "en", "yyyy-MM-dd");
}

/** "Friday, 12 December 2026" / "пятница, 12 декабря 2026" */
export function formatLongDate(iso: string, lang: Lang): string {
  return pattern(iso, lang, lang === "ar" ? "EEEE، d MMMM yyyy" : "EEEE, d MMMM yyyy");
}

/**
 * The short weekday as each language writes it: "Thu"; "чт" (date-fns' "EEE" gives the
 * three-letter "чтв" no Russian text uses); Arabic keeps the whole name with its article
 * ("الخميس"), as Arabic headings, calendars and tickets do: there is no shorter form.
 */
function shortWeekday(lang: Lang): string {
  return lang === "ru" ? "EEEEEE" : lang === "ar" ? "EEEE" : "EEE";
}

/** "Fri, 12 Dec" — compact, for cards and badges. */
export function formatShortDate(iso: string, lang: Lang): string {
  return pattern(iso, lang, lang === "ar" ? "EEEE، d MMM" : `${shortWeekday(lang)}, d MMM`);
}

/** "20:00" (24-hour clock, UAE time). */
export function formatTime(iso: string, lang: Lang): string {
  return pattern(iso, lang, "HH:mm");
}

/** "Fri, 12 Dec 2026, 20:00" */
export function formatDateTime(iso: string, lang: Lang): string {
  return pattern(iso, lang, lang === "ar" ? "EEEE، d MMM yyyy، HH:mm" : `${shortWeekday(lang)}, d MMM yyyy, HH:mm`);
}

const DAY_MS = 24 * 60 * 60_000;

/** A session or pass that spans whole days (a festival week), not an evening that runs past midnight. */
export function isMultiDay(startIso: string, endIso: string | null | undefined): boolean {
  return !!endIso && Date.parse(endIso) - Date.parse(startIso) >= DAY_MS;
}

/** The last day an end instant still covers: a pass that ends at midnight is valid until the day before. */
function lastDay(endIso: string): string {
  return new Date(Date.parse(endIso) - 1).toISOString();
}

/** "30 Nov": the last day a multi-day session admits, for "On now, until 30 Nov". */
export function formatUntilDay(endIso: string, lang: Lang): string {
  return pattern(lastDay(endIso), lang, "d MMM");
}

/** "24–30 Nov 2026", "28 Nov – 2 Dec 2026": the days a multi-day session or pass covers, UAE time. */
export function formatDayRange(startIso: string, endIso: string, lang: Lang): string {
  const last = lastDay(endIso);
  const sameYear = pattern(startIso, "en", "yyyy") === pattern(last, "en", "yyyy");
  if (sameYear && pattern(startIso, "en", "MM") === pattern(last, "en", "MM"))
    return `${pattern(startIso, lang, "d")}–${pattern(last, lang, "d MMM yyyy")}`;
  return `${pattern(startIso, lang, sameYear ? "d MMM" : "d MMM yyyy")} – ${pattern(last, lang, "d MMM yyyy")}`;
}

/** One session as a line of an order: its start, or the days it covers when it spans several. */
export function formatSession(startIso: string, endIso: string | null | undefined, lang: Lang): string {
  return endIso && isMultiDay(startIso, endIso)
    ? formatDayRange(startIso, endIso, lang)
    : formatDateTime(startIso, lang);
}

/** Day number and short month for a date badge: { day: "12", month: "Dec" }. */
export function dateBadge(iso: string, lang: Lang): { day: string; month: string; weekday: string } {
  return {
    day: pattern(iso, lang, "d"),
    month: pattern(iso, lang, "LLL"),
    weekday: pattern(iso, lang, shortWeekday(lang)),
  };
}

/** "12 December 2026" — news dates, order dates. */
export function formatDate(iso: string, lang: Lang): string {
  return pattern(iso, lang, "d MMMM yyyy");
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function cachedNumberFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = make();
    numberFormats.set(key, nf);
  }
  return nf;
}

/**
 * Arabic pages name foreign currencies by their code ("‏1,250.00 USD"): the symbol form
 * "US$" mixes Latin letters with a neutral sign, and in a right-to-left line the bidi
 * algorithm moves the "$" to the other side, so readers saw "$US". The dirham keeps its
 * Arabic symbol "د.إ.".
 */
function currencyDisplay(lang: Lang, code: string): "symbol" | "code" {
  return lang === "ar" && code !== "AED" ? "code" : "symbol";
}

/**
 * Money for the page's language: "AED 1,250.00", "1 250,00 AED", "‏1,250.00 د.إ.‏",
 * "‏1,250.00 USD". `decimals` comes from the landing's currency (default 2).
 */
export function formatMoney(value: number, currencyCode: string, lang: Lang, decimals = 2): string {
  const code = currencyCode.toUpperCase();
  const key = `${lang}|${code}|${decimals}`;
  try {
    const nf = cachedNumberFormat(
      key,
      () =>
        new Intl.NumberFormat(intlLocale(lang), {
          style: "currency",
          currency: code,
          currencyDisplay: currencyDisplay(lang, code),
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        }),
    );
    return nf.format(value);
  } catch {
    // An unknown currency code: still show the amount rather than nothing.
    return `${formatNumber(value, lang, decimals)} ${code}`;
  }
}

/**
 * Currencies whose prices people read in whole units: a rouble price is said "4 271 ₽",
 * never with kopecks. Amounts to be paid (basket, order, bill) keep their exact decimals.
 */
const WHOLE_UNIT_PRICES: ReadonlySet<string> = new Set(["RUB"]);

/**
 * A catalogue price for people ("from 4 271 ₽", "from AED 150.00"): rounded to whole units
 * where the currency's custom is to, otherwise as formatMoney. Display only.
 */
export function formatPrice(value: number, currencyCode: string, lang: Lang, decimals = 2): string {
  return WHOLE_UNIT_PRICES.has(currencyCode.toUpperCase())
    ? formatMoney(Math.round(value), currencyCode, lang, 0)
    : formatMoney(value, currencyCode, lang, decimals);
}

/**
 * Languages of the site whose numbers are written in Latin digits (all three: Arabic in the
 * UAE too). tests/unit checks it against Intl for each language.
 */
const LATIN_DIGITS: ReadonlySet<Lang> = new Set<Lang>(["en", "ru", "ar"]);

export function formatNumber(value: number, lang: Lang, decimals = 0): string {
  // A whole number below 1,000 has no separators: in Latin digits it is its digits. Counts
  // on a page ("36 of 40") are, and writing them so spares the page's start-up the first
  // Intl.NumberFormat, which loads the locale's number data (about 20 ms of a phone's CPU).
  if (decimals === 0 && Number.isInteger(value) && value >= 0 && value < 1000 && LATIN_DIGITS.has(lang)) {
    return String(value);
  }
  const nf = cachedNumberFormat(
    `${lang}|n|${decimals}`,
    () => new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  );
  return nf.format(value);
}

/** Joins short parts of a line ("Fri, 20:00", "Venue, City") with the language's comma. */
export function joinParts(parts: ReadonlyArray<string | null | undefined>, lang: Lang): string {
  return parts.filter((p): p is string => !!p).join(listSeparator(lang));
}

/** ", " or the Arabic comma "، ". */
export function listSeparator(lang: Lang): string {
  return lang === "ar" ? "، " : ", ";
}

const currencyNames = new Map<Lang, Intl.DisplayNames | null>();

/**
 * "дирхам ОАЭ", "درهم إماراتي": a currency's name in the page's language. The landing
 * names its currencies in one language only, so its title is the fallback for a code the
 * runtime does not know.
 */
export function currencyName(code: string, lang: Lang, fallback: string): string {
  if (!currencyNames.has(lang)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intlLocale(lang)], { type: "currency", fallback: "none" });
    } catch {
      /* a runtime without Intl.DisplayNames */
    }
    currencyNames.set(lang, names);
  }
  try {
    return currencyNames.get(lang)?.of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback; // not a well-formed currency code
  }
}
