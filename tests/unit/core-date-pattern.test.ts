/**
 * The site's date patterns (src/core/date-pattern.ts) write what date-fns' `format` writes,
 * for every pattern src/core/format.ts uses, in every language, with the languages' date-fns
 * locales and with the Intl-based fallback locale, over dates on every weekday and month.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { format, type Locale } from "date-fns";
import { ar } from "date-fns/locale/ar";
import { enUS } from "date-fns/locale/en-US";
import { ru } from "date-fns/locale/ru";
import { formatDatePattern } from "../../src/core/date-pattern";

const PATTERNS = [
  "yyyy-MM-dd",
  "yyyy",
  "MM",
  "d",
  "LLL",
  "HH:mm",
  "d MMM",
  "d MMM yyyy",
  "d MMMM yyyy",
  "EEEE, d MMMM yyyy",
  "EEEE، d MMMM yyyy",
  "EEE, d MMM",
  "EEEEEE, d MMM",
  "EEEE، d MMM",
  "EEE, d MMM yyyy, HH:mm",
  "EEEEEE, d MMM yyyy, HH:mm",
  "EEEE، d MMM yyyy، HH:mm",
  "EEEEE MMMMM",
];

const LOCALES: Record<string, Locale> = { en: enUS, ru, ar };

/** 40 dates 9 days and 7 hours apart: every weekday, month, single- and double-digit day and hour */
const DATES = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 0, 3 + i * 9, 7 * i, 5 * i)));

describe("date patterns", () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    it(`${lang}: every pattern as date-fns writes it`, () => {
      for (const pattern of PATTERNS)
        for (const date of DATES)
          assert.equal(
            formatDatePattern(date, pattern, locale),
            format(date, pattern, { locale }),
            `${pattern} ${date.toISOString()}`,
          );
    });
  }

  it("refuses an invalid date and a token it does not write, as format refuses them", () => {
    assert.throws(() => formatDatePattern(new Date(Number.NaN), "d MMM", enUS), RangeError);
    assert.throws(() => formatDatePattern(DATES[0] as Date, "QQQ", enUS), RangeError);
  });
});
