/**
 * How long tickets stay held: the basket's hold on checkout, an unpaid order's on the pay
 * page. Whole seconds, never negative, so a countdown reads 0:00 rather than -0:01.
 */

export interface TimeLeft {
  /** seconds left, 0 once over */
  seconds: number;
  expired: boolean;
}

export function timeLeft(expiresAt: string | null, now: number): TimeLeft | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  const seconds = Math.max(0, Math.ceil((end - now) / 1000));
  return { seconds, expired: seconds === 0 };
}

/** "14:05", "1:02:03": a clock, digits only, the same in every language's numerals. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** Under this, the countdown is announced as urgent (and styled so). */
export const HURRY_SECONDS = 120;
