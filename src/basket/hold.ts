/** The basket's hold (expires_at) as a countdown. */
import { clockText } from "../core/countdown";

/** Milliseconds left until `expiresAt`, never negative; null when there is no hold. */
export function remainingMs(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}

/** The time left as the hold's clock ("14:32"), by the site's one countdown rule. */
export function formatCountdown(ms: number): string {
  return clockText(Math.ceil(ms / 1000));
}
