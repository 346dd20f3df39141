import type { Db } from "../db/database";

/** What the limits count: each scope keeps its own keys. */
export type ThrottleScope =
  | "lookup-number"
  | "lookup-client"
  | "captcha-client"
  | "payment-client"
  | "payment-declined"
  | "hold-expired-session"
  | "hold-expired-buyer"
  | "hold-expired-client";

/** Hits older than this are deleted by the sweep: no window is longer. */
export const THROTTLE_KEEP_MS = 24 * 3600_000;

/**
 * Hits counted per scope and key over a sliding window, kept in SQLite (table throttle_hits),
 * so a restart forgives nothing. Only refused-or-failed events are written by the callers, and
 * a key over its limit is refused without another row, so one client adds at most `max` rows
 * per window.
 */
export function throttle(db: Db) {
  const s = {
    count: db.prepare(
      "SELECT COUNT(*) AS n, MAX(at) AS last FROM throttle_hits WHERE scope = ? AND key = ? AND at > ?",
    ),
    nth: db.prepare(
      "SELECT at FROM throttle_hits WHERE scope = ? AND key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?",
    ),
    hit: db.prepare("INSERT INTO throttle_hits (scope, key, at) VALUES (?, ?, ?)"),
    prune: db.prepare("DELETE FROM throttle_hits WHERE at <= ?"),
  };
  return {
    /** Hits of `key` in the window ending now, and the time of the latest (null when none). */
    recent(scope: ThrottleScope, key: string, windowMs: number, now: number): { count: number; last: number | null } {
      const r = s.count.get(scope, key, now - windowMs) as { n: number; last: number | null };
      return { count: r.n, last: r.last };
    },
    /** Milliseconds until `key` has fewer than `max` hits in its window again; 0 when it has already. */
    waitMs(scope: ThrottleScope, key: string, max: number, windowMs: number, now: number): number {
      const r = s.nth.get(scope, key, now - windowMs, Math.max(0, max - 1)) as { at: number } | undefined;
      return r ? Math.max(1, r.at + windowMs - now) : 0;
    },
    hit(scope: ThrottleScope, key: string, now: number): void {
      s.hit.run(scope, key, now);
    },
    prune(now: number): void {
      s.prune.run(now - THROTTLE_KEEP_MS);
    },
  };
}
export type Throttle = ReturnType<typeof throttle>;
