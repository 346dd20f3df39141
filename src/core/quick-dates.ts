/**
 * The events list's quick date choices, as UAE calendar days (the catalogue reads a bare
 * date as that whole UAE day). The UAE weekend is Saturday and Sunday (since 2022; Friday
 * is a half working day), and its week starts on Monday.
 */
import { uaeDateKey } from "./format";

export const QUICK_DATES = ["all", "today", "tomorrow", "weekend", "week"] as const;
export type QuickDate = (typeof QUICK_DATES)[number];

export interface DateRange {
  /** YYYY-MM-DD, UAE time, inclusive */
  from: string;
  to: string;
}

export function isQuickDate(value: unknown): value is QuickDate {
  return typeof value === "string" && (QUICK_DATES as readonly string[]).includes(value);
}

function addDays(key: string, days: number): string {
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a YYYY-MM-DD day. */
function weekday(key: string): number {
  return new Date(`${key}T12:00:00Z`).getUTCDay();
}

export function quickDateRange(choice: QuickDate, now: number): DateRange | null {
  const today = uaeDateKey(new Date(now).toISOString());
  const day = weekday(today);
  switch (choice) {
    case "all":
      return null;
    case "today":
      return { from: today, to: today };
    case "tomorrow": {
      const tomorrow = addDays(today, 1);
      return { from: tomorrow, to: tomorrow };
    }
    case "weekend": {
      // on Saturday or Sunday: the rest of this weekend; otherwise the coming one
      if (day === 6) return { from: today, to: addDays(today, 1) };
      if (day === 0) return { from: today, to: today };
      const saturday = addDays(today, 6 - day);
      return { from: saturday, to: addDays(saturday, 1) };
    }
    case "week":
      // from today to Sunday, the last day of a week that starts on Monday
      return { from: today, to: addDays(today, day === 0 ? 0 : 7 - day) };
  }
}

/** The day before a YYYY-MM-DD day. */
export function dayBefore(key: string): string {
  return addDays(key, -1);
}

/** An event's start and, when it has one, its end: what its days on are read from. */
export interface EventTimes {
  startedAt: string;
  finishedAt?: string | null;
}

/**
 * The last UAE day an event is on: its end's day, or its start's when it has none. An end at
 * midnight covers the day before it, as a ticket valid "24–30 Nov" ends at 00:00 on 1 Dec.
 */
function lastDayOn(event: EventTimes): string {
  const start = Date.parse(event.startedAt);
  const end = event.finishedAt ? Date.parse(event.finishedAt) : Number.NaN;
  const last = Number.isNaN(end) || end <= start ? start : end - 1;
  return uaeDateKey(new Date(last).toISOString());
}

/**
 * Whether an event is on during any of the range's days: it starts before the range ends and
 * ends after it begins. A festival week that began on Tuesday is on "Today" on Thursday and
 * "This weekend" when it runs into Saturday, though the catalogue files it under Tuesday.
 */
export function isOnDuring(event: EventTimes, range: DateRange): boolean {
  return uaeDateKey(event.startedAt) <= range.to && lastDayOn(event) >= range.from;
}

/**
 * The UAE day a dated list files an event under: today for one that began on an earlier day
 * and is still on (a list reader looks for what they can go to today, not for Tuesday's
 * opening), its own start day otherwise.
 */
export function listDayOf(event: EventTimes, now: number): string {
  const start = uaeDateKey(event.startedAt);
  const today = uaeDateKey(new Date(now).toISOString());
  if (start >= today || !event.finishedAt) return start;
  return Date.parse(event.finishedAt) > now ? today : start;
}
