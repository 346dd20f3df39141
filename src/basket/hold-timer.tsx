/**
 * "Tickets held for 14:32", counting down live, on the cart and on checkout. The clock is read only in the browser
 * (after mount), so the server render and hydration agree.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCountdown, remainingMs } from "./hold";
import * as styles from "./hold-timer.module.css";

const MARK = "\u0000";

export function HoldTimer({ expiresAt, onExpired }: { expiresAt: string | null; onExpired?: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState<number | null>(null);
  const expiredOnce = useRef(false);

  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  const left = now === null ? null : remainingMs(expiresAt, now);

  useEffect(() => {
    if (left === 0 && !expiredOnce.current) {
      expiredOnce.current = true;
      onExpired?.();
    }
    if (left !== null && left > 0) expiredOnce.current = false;
  }, [left, onExpired]);

  if (left === null) return null;
  if (left === 0) {
    return (
      <p className={`${styles.hold} ${styles.over}`} role="status">
        {t("cart.holdExpired")}
      </p>
    );
  }
  // the translation places the time anywhere in its sentence; the marker finds the spot
  const [before = "", after = ""] = String(t("cart.heldFor", { time: MARK })).split(MARK);
  return (
    <p className={styles.hold} data-testid="hold-timer">
      {before}
      <time dateTime={`PT${Math.ceil(left / 1000)}S`} dir="ltr">
        {formatCountdown(left)}
      </time>
      {after}
    </p>
  );
}
