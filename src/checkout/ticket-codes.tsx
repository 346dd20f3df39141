/**
 * The e-ticket codes, one per ticket, in a monospace block the visitor can copy in one go.
 * Codes are Latin letters and digits, so the block stays left-to-right on Arabic pages.
 */
import type React from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./checkout.module.css";

type CopyState = "idle" | "copied" | "failed";

export function TicketCodes({ codes }: { codes: readonly string[] }): React.JSX.Element {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<CopyState>("idle");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onCopy = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopy("copied");
    } catch {
      // no clipboard permission (or an old browser): the codes stay selectable
      setCopy("failed");
    }
    timer.current = window.setTimeout(() => setCopy("idle"), 4000);
  };

  return (
    <section aria-labelledby="co-codes-heading">
      <h2 id="co-codes-heading">{t("payment.success.codesHeading")}</h2>
      <p className="muted">{t("payment.success.codesHint", { count: codes.length })}</p>
      <ul className={`${styles.codes} ${styles.mono}`} data-testid="ticket-codes" lang="en" dir="ltr">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={`${styles.actions} ${styles.noprint}`}>
        <button type="button" className="btn btn-ghost" onClick={() => void onCopy()}>
          {t("payment.success.copy")}
        </button>
        <span role="status" aria-live="polite">
          {copy === "copied" ? t("payment.success.copied") : copy === "failed" ? t("payment.success.copyFailed") : ""}
        </span>
      </div>
    </section>
  );
}
