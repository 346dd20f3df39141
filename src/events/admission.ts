/**
 * What a ticket admits to, said the same on the event page, in the basket, on the ticket and
 * on the bill (the e-mail says it in its own texts, server/src/mail/mail-texts.ts): for a
 * session over several days (a festival's day pass) "Any one day, 26 Nov – 2 Dec 2026, from
 * 16:00", since its code lets one person in once on any day the session covers; otherwise
 * nothing, and the caller writes the session's start its own way.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../core/catalogue";
import { formatDayRange, formatTime, isMultiDay } from "../core/format";

/** The days and the opening time a session over several days admits on; null for a session of one day. */
export function admissionDays(
  startedAt: string | null,
  endsAt: string | null | undefined,
  lang: Lang,
): { range: string; time: string } | null {
  return startedAt && endsAt && isMultiDay(startedAt, endsAt)
    ? { range: formatDayRange(startedAt, endsAt, lang), time: formatTime(startedAt, lang) }
    : null;
}

export function useAdmission(): (
  startedAt: string | null,
  endsAt: string | null | undefined,
  lang: Lang,
) => string | null {
  // common: the event page and the basket load only common and pages
  const { t } = useTranslation("common");
  return useCallback(
    (startedAt, endsAt, lang) => {
      const days = admissionDays(startedAt, endsAt, lang);
      return days ? t("admission.anyDay", days) : null;
    },
    [t],
  );
}
