/** UAE time helpers: the catalogue speaks Asia/Dubai (+04:00, no daylight saving). */
import { UAE_OFFSET_MS, UAE_UTC_OFFSET } from "../../../src/core/uae-time";

export { UAE_OFFSET_MS };

const DAY_MS = 24 * 3600 * 1000;

const pad = (n: number, w = 2): string => String(n).padStart(w, "0");

/** "2026-12-01T20:00:00+04:00" */
export function toUaeIso(ms: number): string {
  const d = new Date(ms + UAE_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${UAE_UTC_OFFSET}`
  );
}

/** "2026-12-01", the UAE calendar day of an instant */
export function toUaeDate(ms: number): string {
  return toUaeIso(ms).slice(0, 10);
}

/** The instant at which a UAE calendar day (offset in days from `fromMs`'s UAE day) has the given local time. */
export function uaeDayAt(fromMs: number, dayOffset: number, hh: number, mm: number): number {
  const local = new Date(fromMs + UAE_OFFSET_MS);
  const midnightLocalAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return midnightLocalAsUtc + dayOffset * DAY_MS + (hh * 60 + mm) * 60_000 - UAE_OFFSET_MS;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function validYmd(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/**
 * Reads a filter bound: a bare date is that whole UAE day (its start for a lower bound,
 * its last millisecond for an upper bound); a date-time without an offset is UAE time.
 * Returns null when the text is not a date.
 */
export function parseBound(raw: string, bound: "lower" | "upper"): number | null {
  // an unencoded "+04:00" arrives as " 04:00": read it as the client meant it
  const text = raw.trim().replace(/ (\d{2}:?\d{2})$/, "+$1");
  const dm = DATE_RE.exec(text);
  if (dm) {
    const [y, m, d] = [Number(dm[1]), Number(dm[2]), Number(dm[3])];
    if (!validYmd(y, m, d)) return null;
    const start = Date.UTC(y, m - 1, d) - UAE_OFFSET_MS;
    return bound === "lower" ? start : start + DAY_MS - 1;
  }
  const tm = DATE_TIME_RE.exec(text);
  if (!tm) return null;
  const [y, m, d, hh, mi] = [Number(tm[1]), Number(tm[2]), Number(tm[3]), Number(tm[4]), Number(tm[5])];
  const ss = tm[6] ? Number(tm[6]) : 0;
  const ms = tm[7] ? Number(tm[7].slice(0, 3).padEnd(3, "0")) : 0;
  if (!validYmd(y, m, d) || hh > 23 || mi > 59 || ss > 59) return null;
  let offsetMs = UAE_OFFSET_MS;
  const tz = tm[8];
  if (tz) {
    if (tz.toUpperCase() === "Z") offsetMs = 0;
    else {
      const sign = tz.startsWith("-") ? -1 : 1;
      const digits = tz.slice(1).replace(":", "");
      const oh = Number(digits.slice(0, 2));
      const om = Number(digits.slice(2, 4));
      if (oh > 14 || om > 59) return null;
      offsetMs = sign * (oh * 60 + om) * 60_000;
    }
  }
  const value = Date.UTC(y, m - 1, d, hh, mi, ss, ms) - offsetMs;
  // a date-time without seconds given as an upper bound covers its whole minute
  if (bound === "upper" && !tm[6]) return value + 59_999;
  return value;
}
