/**
 * Every countdown of the site (the basket's hold, the unpaid order's time to pay, the
 * reminder banner) counts whole seconds the same way: a part of a second left still shows
 * as one, so "0:00" means the time is really over.
 */

/** Whole seconds left until `expiresAt` (rounded up, never negative); null without a valid time. */
export function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** Under this many seconds a countdown warns that time is short. */
export const HURRY_SECONDS = 120;

/** "14:05", or "1:05:09" from an hour on. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}
