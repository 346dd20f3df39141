/**
 * What a ticket admits, said the same on the ticket and on the bill: for a session over
 * several days (a festival pass), "Valid 24–30 Nov 2026, from 16:00"; otherwise nothing, and
 * the caller writes the session's start its own way.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../core/catalogue";
import { formatDayRange, formatTime, isMultiDay } from "../core/format";

export function useSessionValidity(): (
  startedAt: string | null,
  endsAt: string | null | undefined,
  lang: Lang,
) => string | null {
  const { t } = useTranslation("tickets", { keyPrefix: "tickets" });
  return useCallback(
    (startedAt, endsAt, lang) =>
      startedAt && endsAt && isMultiDay(startedAt, endsAt)
        ? t("validRange", { range: formatDayRange(startedAt, endsAt, lang), time: formatTime(startedAt, lang) })
        : null,
    [t],
  );
}
