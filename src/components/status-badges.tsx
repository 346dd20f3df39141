import type React from "react";
import { useTranslation } from "react-i18next";
import type { EventSummary } from "../core/catalogue";
import * as styles from "./status-badges.module.css";

/** Sold out / cancelled / postponed, the age limit and star cast, as small badges. */
export function StatusBadges({
  event,
  className,
}: {
  event: Pick<EventSummary, "status" | "ageLimit" | "isStarCast">;
  className?: string;
}): React.JSX.Element | null {
  const { t } = useTranslation();
  const badges: Array<{ key: string; text: string; tone: string }> = [];
  if (event.status !== "on_sale")
    badges.push({ key: event.status, text: t(`status.${event.status}`), tone: styles[event.status] ?? "" });
  if (event.isStarCast) badges.push({ key: "star", text: t("status.starCast"), tone: styles.star ?? "" });
  if (event.ageLimit)
    badges.push({ key: "age", text: t("status.age", { age: event.ageLimit }), tone: styles.age ?? "" });
  if (badges.length === 0) return null;
  return (
    <ul className={`${styles.badges} ${className ?? ""}`}>
      {badges.map((b) => (
        <li key={b.key} className={`${styles.badge} ${b.tone}`} data-status={b.key}>
          {/* "18+" reads left to right in every language */}
          <bdi dir={b.key === "age" ? "ltr" : undefined}>{b.text}</bdi>
        </li>
      ))}
    </ul>
  );
}
