/**
 * How long tickets stay held: the basket's hold on checkout, an unpaid order's on the pay
 * page. Counted by the site's one countdown rule (src/core/countdown.ts).
 */
import { clockText, secondsLeft } from "../core/countdown";

export { clockText };

export interface TimeLeft {
  /** seconds left, 0 once over */
  seconds: number;
  expired: boolean;
}

export function timeLeft(expiresAt: string | null, now: number): TimeLeft | null {
  const seconds = secondsLeft(expiresAt, now);
  return seconds === null ? null : { seconds, expired: seconds === 0 };
}

/** Under this, the countdown is announced as urgent (and styled so). */
export const HURRY_SECONDS = 120;
