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
