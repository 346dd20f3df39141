import type { ServerConfig } from "../config";
import type { Db } from "../db/database";
import { HttpError } from "../lib/errors";

/** What the limits count: each scope keeps its own keys. */
export type ThrottleScope =
  | "lookup-number"
  | "lookup-client"
  | "captcha-client"
  | "payment-client"
  | "payment-declined"
  | "hold-expired-session"
  | "hold-expired-buyer"
  | "hold-expired-client"
  | "promo-client"
  | "promo-session";

/** Hits older than this are deleted by the sweep: no window is longer. */
export const THROTTLE_KEEP_MS = 24 * 3600_000;

/**
 * Hits counted per scope and key over a sliding window, kept in the database (table throttle_hits),
 * so a restart forgives nothing. Only refused-or-failed events are written by the callers, and
 * a key over its limit is refused without another row, so one client adds at most `max` rows
 * per window.
 */
export function throttle(db: Db) {
  const SQL = {
    count: "SELECT COUNT(*) AS n, MAX(at) AS last FROM throttle_hits WHERE scope = ? AND key = ? AND at > ?",
    nth: "SELECT at FROM throttle_hits WHERE scope = ? AND key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?",
    hit: "INSERT INTO throttle_hits (scope, key, at) VALUES (?, ?, ?)",
    prune: "DELETE FROM throttle_hits WHERE at <= ?",
  };
  return {
    /** Hits of `key` in the window ending now, and the time of the latest (null when none). */
    async recent(
      scope: ThrottleScope,
      key: string,
      windowMs: number,
      now: number,
    ): Promise<{ count: number; last: number | null }> {
      const r = await db.one<{ n: number; last: number | null }>(SQL.count, [scope, key, now - windowMs]);
      return { count: Number(r?.n ?? 0), last: r?.last ?? null };
    },
    /** Milliseconds until `key` has fewer than `max` hits in its window again; 0 when it has already. */
    async waitMs(scope: ThrottleScope, key: string, max: number, windowMs: number, now: number): Promise<number> {
      const r = await db.one<{ at: number }>(SQL.nth, [scope, key, now - windowMs, Math.max(0, max - 1)]);
      return r ? Math.max(1, r.at + windowMs - now) : 0;
    },
    async hit(scope: ThrottleScope, key: string, now: number): Promise<void> {
      await db.run(SQL.hit, [scope, key, now]);
    },
    async prune(now: number): Promise<void> {
      await db.run(SQL.prune, [now - THROTTLE_KEEP_MS]);
    },
  };
}
export type Throttle = ReturnType<typeof throttle>;

/**
 * A look-up that guessing must not crack, over `keys` (e.g. the client address and what is
 * looked up): a key with `lookupFailMax` failures in its window is locked, yet still gets one try
 * per `lookupLockedTryMs`, so the right answer gets through while guessing stays slow.
 */
export function lookupLockOut(
  t: Throttle,
  limits: Pick<ServerConfig, "lookupWindowMs" | "lookupFailMax" | "lookupLockedTryMs">,
  keys: ReadonlyArray<readonly [ThrottleScope, string]>,
  now: number,
) {
  return {
    /** A 429 with Retry-After (`detail` says the seconds) while any key is locked. */
    async refuseWhileLocked(detail: (seconds: number) => string): Promise<void> {
      let wait = 0;
      for (const [scope, key] of keys) {
        const r = await t.recent(scope, key, limits.lookupWindowMs, now);
        if (r.count >= limits.lookupFailMax && r.last !== null)
          wait = Math.max(wait, r.last + limits.lookupLockedTryMs - now);
      }
      if (wait <= 0) return;
      const s = Math.ceil(wait / 1000);
      throw new HttpError(429, detail(s), "too_many_requests", { "Retry-After": String(s) });
    },
    /** Counts a failed try against every key. */
    async failed(): Promise<void> {
      for (const [scope, key] of keys) await t.hit(scope, key, now);
    },
  };
}
