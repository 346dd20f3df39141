/**
 * The ticking clock of every "time left" (the countdown sentences, ./countdown.tsx, and the
 * unpaid-order banner): counted by the site's one rule (src/core/countdown.ts: whole
 * seconds, a part of one still shows) and read from the clock only after mount, so the
 * server render and hydration agree. Apart from the sentence (and its styles) so that the
 * banner, on every page, loads only this.
 */
import type React from "react";
import { useEffect, useState } from "react";
import { clockText, secondsLeft } from "../core/countdown";

/** Whole seconds left until `expiresAt`, ticking once a second; null before mount or without a valid time. */
export function useSecondsLeft(expiresAt: string | null): number | null {
  // null until mounted: the build-time page has no clock to agree with
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  return now === null ? null : secondsLeft(expiresAt, now);
}

/** The clock itself ("14:05"), isolated left to right so an Arabic sentence around it keeps its order. */
export function Clock({ seconds }: { seconds: number }): React.JSX.Element {
  return (
    <bdi dir="ltr">
      <time dateTime={`PT${seconds}S`}>{clockText(seconds)}</time>
    </bdi>
  );
}
