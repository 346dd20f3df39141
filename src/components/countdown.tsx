/**
 * Every live "time left" sentence of the site: the basket's hold on the cart and on checkout,
 * an unpaid order's time to pay. Its clock and ticking (./clock.tsx) are also the reminder
 * banner's under the header, which says its own sentence.
 */
import type React from "react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { clockText, HURRY_SECONDS } from "../core/countdown";
import { Clock, useSecondsLeft } from "./clock";
import * as styles from "./countdown.module.css";

/** Screen readers hear the time on whole minutes and at 30 s, not every second. */
function announced(seconds: number): boolean {
  return seconds === 30 || (seconds > 0 && seconds % 60 === 0);
}

const MARK = "\u0000";

export interface CountdownProps {
  expiresAt: string | null;
  /** key with {{time}}: the sentence while time is left */
  textKey: string;
  /** key: the sentence once it is over */
  overKey: string;
  /** called once each time the time runs out */
  onOver?(): void;
  testId?: string;
  /** the place's own spacing */
  className?: string;
}

/**
 * "Tickets held for 14:32": the sentence with the live clock in it (the translation places the
 * time anywhere; a marker finds the spot), the number of seconds in `data-seconds`, and a
 * warning look in the last two minutes. Nothing before mount or without a time.
 */
export function Countdown({
  expiresAt,
  textKey,
  overKey,
  onOver,
  testId,
  className,
}: CountdownProps): React.JSX.Element | null {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(expiresAt);
  const over = seconds === 0;
  // the latest callback, without making a new one a reason to call it again
  const onOverRef = useRef(onOver);
  onOverRef.current = onOver;
  useEffect(() => {
    if (over) onOverRef.current?.();
  }, [over]);
  if (seconds === null) return null;
  const tone = over ? styles.over : seconds <= HURRY_SECONDS ? styles.hurry : "";
  const [before = "", after = ""] = over ? [] : String(t(textKey, { time: MARK })).split(MARK);
  return (
    <>
      <p
        className={[styles.countdown, tone, className].filter(Boolean).join(" ")}
        data-testid={testId}
        data-seconds={seconds}
        role={over ? "status" : undefined}
      >
        {over ? (
          t(overKey)
        ) : (
          <>
            {before}
            <Clock seconds={seconds} />
            {after}
          </>
        )}
      </p>
      {/* beside the sentence, so its text stays the sentence alone */}
      <span className="visually-hidden" aria-live="polite">
        {!over && announced(seconds) ? t(textKey, { time: clockText(seconds) }) : ""}
      </span>
    </>
  );
}
