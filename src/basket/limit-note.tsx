/**
 * The line under a ticket stepper whose "+" is disabled: the order's limit or that none are
 * left, so a buyer is never left wondering why one more cannot be added.
 */
import type React from "react";
import { useTranslation } from "react-i18next";
import type { LimitReason } from "./limits";
import * as styles from "./stepper.module.css";

export function LimitNote({ reason }: { reason: LimitReason | null }): React.JSX.Element | null {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <span className={styles.limitNote} data-testid="limit-note" data-limit={reason.kind}>
      {reason.kind === "per_order" ? t("picker.maxPerOrder", { count: reason.max }) : t("picker.noneLeft")}
    </span>
  );
}
