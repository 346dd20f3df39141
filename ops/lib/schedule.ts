/**
 * When the static site goes stale by itself, so the publisher rebuilds without being asked:
 * every day shortly after midnight in the UAE ("today", "this week" and the UAE-day rule for
 * events without an end move on), and at the next moment an event starts or ends (it leaves
 * or changes place in the lists). Pure: the clock and the events come in as arguments.
 */
import { UAE_OFFSET_MS } from "../../src/core/uae-time";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next `minutesAfterMidnight` past UAE midnight strictly after `now`. */
export function nextDailyRun(now: Date, minutesAfterMidnight = 5): Date {
  const uae = new Date(now.getTime() + UAE_OFFSET_MS);
  const uaeMidnightAsUtc = Date.UTC(uae.getUTCFullYear(), uae.getUTCMonth(), uae.getUTCDate());
  let run = uaeMidnightAsUtc - UAE_OFFSET_MS + minutesAfterMidnight * 60_000;
  if (run <= now.getTime()) run += DAY_MS;
  return new Date(run);
}

export interface EventTimes {
  id: number;
  started_at: string;
  finished_at: string | null;
}

export interface ListingChange {
  at: Date;
  reason: string;
}

/**
 * The first start or end of an event after `now`, plus `lagMs` so that the build, reading the
 * catalogue at that moment, already sees the event as started or ended.
 */
export function nextListingChange(events: EventTimes[], now: Date, lagMs = 60_000): ListingChange | null {
  let best: { time: number; reason: string } | null = null;
  const consider = (iso: string | null, id: number, what: string) => {
    if (!iso) return;
    const time = Date.parse(iso);
    if (!Number.isFinite(time) || time <= now.getTime()) return;
    if (!best || time < best.time) best = { time, reason: `event ${id} ${what}` };
  };
  for (const event of events) {
    consider(event.started_at, event.id, "starts");
    consider(event.finished_at, event.id, "ends");
  }
  const found = best as { time: number; reason: string } | null;
  return found ? { at: new Date(found.time + lagMs), reason: found.reason } : null;
}

/** The next scheduled rebuild: the daily one or an earlier listing change. */
export function nextScheduledRun(now: Date, events: EventTimes[]): ListingChange {
  const daily: ListingChange = { at: nextDailyRun(now), reason: "daily rebuild after midnight in the UAE" };
  const change = nextListingChange(events, now);
  return change && change.at < daily.at ? change : daily;
}
