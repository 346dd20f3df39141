/** The basket's hold (expires_at) as a countdown. */

/** Milliseconds left until `expiresAt`, never negative; null when there is no hold. */
export function remainingMs(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}

/** "14:32", or "1:05:09" past an hour; seconds rounded up so 0:00 means really over. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
