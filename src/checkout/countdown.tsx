/**
 * A live "time left" line: the basket's hold on checkout, an unpaid order's time to pay.
 * Ticks once a second; the clock is isolated (<bdi>, left to right) so an Arabic sentence
 * around it keeps its order. Screen readers hear it on whole minutes and at 30 s, not
 * every second.
 */
import React, { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { clockText, HURRY_SECONDS, timeLeft } from "./time-left";
import * as styles from "./checkout.module.css";

function announced(seconds: number): boolean {
  return seconds === 30 || (seconds > 0 && seconds % 60 === 0);
}

export interface CountdownProps {
  expiresAt: string | null;
  /** forms key with {{time}}: the sentence while time is left */
  textKey: string;
  /** forms key: the sentence once it is over */
  overKey: string;
  onOver?(): void;
  testId?: string;
}

export function Countdown({ expiresAt, textKey, overKey, onOver, testId }: CountdownProps): React.JSX.Element | null {
  const { t } = useTranslation();
  // null until mounted: the build-time page has no clock to agree with
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = now === null ? null : timeLeft(expiresAt, now);
  const over = left?.expired ?? false;
  useEffect(() => {
    if (over) onOver?.();
    // onOver is read when the time runs out, not a reason to run again
  }, [over]);
  if (!left) return null;
  const hurry = left.seconds <= HURRY_SECONDS;
  return (
    <p className={`${styles.countdown} ${hurry ? styles.hurry : ""}`} data-testid={testId} data-seconds={left.seconds}>
      {over ? (
        t(overKey)
      ) : (
        <>
          {t(textKey, { time: "\u0000" })
            .split("\u0000")
            .map((part, i) =>
              i === 0 ? (
                <React.Fragment key={i}>{part}</React.Fragment>
              ) : (
                <React.Fragment key={i}>
                  <bdi dir="ltr" className={styles.clock}>
                    <time dateTime={`PT${left.seconds}S`}>{clockText(left.seconds)}</time>
                  </bdi>
                  {part}
                </React.Fragment>
              ),
            )}
        </>
      )}
      <span className="visually-hidden" aria-live="polite">
        {over ? "" : announced(left.seconds) ? t(textKey, { time: clockText(left.seconds) }) : null}
      </span>
    </p>
  );
}
