/**
 * Dates, money and names as each language writes them: every date in UAE time whatever
 * the machine's time zone, the week starts, and the remembered formats keeping
 * languages and patterns apart.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import "../../src/core/date-locales-all";
import {
  currencyName,
  dateBadge,
  dateFnsLocale,
  formatDateTime,
  formatDayRange,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPrice,
  formatSession,
  formatShortDate,
  formatTime,
  formatUntilDay,
  intlLocale,
  isMultiDay,
  uaeDateKey,
  weekStartsOn,
} from "../../src/core/format";
import { LANGUAGES } from "../../src/core/routes";

// 22:30 UTC on 5 December is 02:30 on 6 December in Dubai (UTC+4)
const LATE = "2026-12-05T22:30:00Z";

describe("dates in UAE time", () => {
  it("shows the UAE day and time, not the machine's", () => {
    assert.equal(formatLongDate(LATE, "en"), "Sunday, 6 December 2026");
    assert.equal(formatTime(LATE, "en"), "02:30");
    assert.equal(uaeDateKey(LATE), "2026-12-06");
    assert.equal(formatTime("2026-12-05T20:00:00+04:00", "ru"), "20:00");
  });

  it("writes each language's month and weekday names and its comma", () => {
    assert.equal(formatLongDate(LATE, "ru"), "воскресенье, 6 декабря 2026");
    assert.equal(formatLongDate(LATE, "ar"), "الأحد، 6 ديسمبر 2026");
    assert.equal(formatShortDate(LATE, "en"), "Sun, 6 Dec");
    assert.equal(formatShortDate(LATE, "ar"), "الأحد، 6 ديسمبر");
    assert.equal(formatDateTime(LATE, "ar"), "الأحد، 6 ديسمبر 2026، 02:30");
    assert.deepEqual(dateBadge(LATE, "ru"), { day: "6", month: "дек.", weekday: "вс" });
  });

  it("keeps remembered formats apart by language and pattern", () => {
    const iso = "2027-03-01T10:00:00+04:00";
    assert.equal(formatShortDate(iso, "en"), "Mon, 1 Mar");
    assert.equal(formatShortDate(iso, "ru"), "пн, 1 мар.");
    assert.equal(formatLongDate(iso, "en"), "Monday, 1 March 2027");
    assert.equal(formatShortDate(iso, "en"), "Mon, 1 Mar", "asked again, the same text");
  });

  it("writes Russian short weekdays with two letters, as Russian calendars do", () => {
    const week = ["2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04", "2027-03-05", "2027-03-06", "2027-03-07"];
    assert.deepEqual(
      week.map((day) => dateBadge(`${day}T10:00:00+04:00`, "ru").weekday),
      ["пн", "вт", "ср", "чт", "пт", "сб", "вс"],
    );
    assert.equal(formatDateTime("2027-03-04T19:30:00+04:00", "ru"), "чт, 4 мар. 2027, 19:30");
  });

  it("writes Arabic weekdays with their article everywhere, as the day headings do", () => {
    const iso = "2027-03-04T19:30:00+04:00";
    const heading = formatLongDate(iso, "ar").split("،")[0];
    assert.equal(heading, "الخميس");
    assert.equal(dateBadge(iso, "ar").weekday, heading);
    assert.ok(formatShortDate(iso, "ar").startsWith(`${heading}،`));
    assert.ok(formatDateTime(iso, "ar").startsWith(`${heading}،`));
  });

  it("starts the week as the spec says", () => {
    assert.equal(weekStartsOn("ar_DZ"), 0);
    assert.equal(weekStartsOn("he"), 0);
    assert.equal(weekStartsOn("ja_JP"), 0);
    assert.equal(weekStartsOn("ru_RU"), 1);
    assert.equal(weekStartsOn("ar_AE"), 1);
    assert.equal(dateFnsLocale("ru").options?.weekStartsOn, 1);
    assert.equal(dateFnsLocale("ru"), dateFnsLocale("ru"), "one locale object per language");
  });

  it("formats with each language's locale from the route module", () => {
    assert.deepEqual(
      LANGUAGES.map((lang) => intlLocale(lang)),
      ["en-US", "ru-RU", "ar-AE"],
    );
  });
});

/** Intl separates groups and currency with no-break spaces of either width. */
const spaced = (text: string): string => text.replace(/[\u00a0\u202f]/g, " ");

describe("numbers", () => {
  it("writes every whole number as Intl does for the page's language, small ones without loading Intl's data", () => {
    for (const lang of LANGUAGES) {
      const intl = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 0 });
      for (const n of [...Array.from({ length: 1000 }, (_, i) => i), 1000, 1234, 12_345, 1_000_000, -5]) {
        assert.equal(formatNumber(n, lang), intl.format(n), `${lang}: ${n}`);
      }
      assert.equal(
        formatNumber(2.5, lang, 1),
        new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: 1 }).format(2.5),
      );
    }
  });
});

describe("money and currency names", () => {
  it("formats money for the page's language with the currency's decimals", () => {
    assert.equal(spaced(formatMoney(1250, "AED", "en")), "AED 1,250.00");
    assert.equal(spaced(formatMoney(1250, "aed", "ru")), "1 250,00 AED");
    assert.equal(spaced(formatMoney(1250.5, "RUB", "ru", 0)), "1 251 ₽");
    assert.match(formatMoney(1250, "AED", "ar"), /1,250\.00/);
    assert.equal(spaced(formatMoney(5, "ZZZ1", "en")), "5.00 ZZZ1", "a code Intl refuses still shows the amount");
  });

  it("says catalogue prices in roubles in whole roubles, others with their decimals", () => {
    assert.equal(spaced(formatPrice(4270.5, "RUB", "ru")), "4 271 ₽");
    assert.equal(spaced(formatPrice(4270.49, "rub", "en")), "RUB 4,270");
    assert.equal(spaced(formatPrice(150, "AED", "en")), "AED 150.00");
    // an amount to be paid keeps its kopecks
    assert.equal(spaced(formatMoney(4270.5, "RUB", "ru")), "4 270,50 ₽");
  });

  it("names foreign currencies on Arabic pages by code, so right-to-left text cannot turn US$ into $US", () => {
    const usd = formatMoney(106.2, "USD", "ar");
    assert.match(usd, /106\.20/);
    assert.match(usd, /USD/);
    assert.doesNotMatch(usd, /\$/, "no dollar sign for the bidi algorithm to move");
    assert.match(formatMoney(106.2, "usd", "ar"), /USD/, "the code is compared case-insensitively");
    assert.match(formatMoney(10, "AED", "ar"), /د\.إ/, "the dirham keeps its Arabic symbol");
    assert.equal(formatMoney(106.2, "USD", "en"), "$106.20");
  });

  it("names currencies in the page's language, falling back to the catalogue's title", () => {
    assert.equal(currencyName("RUB", "ru", "Russian rouble"), "российский рубль");
    assert.equal(currencyName("aed", "ar", "UAE dirham"), "درهم إماراتي");
    assert.equal(currencyName("EUR", "en", "Euro"), "Euro");
    assert.equal(currencyName("XYZ", "ru", "Some money"), "Some money");
    assert.equal(currencyName("not a code", "ru", "Fallback"), "Fallback");
  });
});

describe("sessions that span days", () => {
  // Marina Sunset Sessions: 16:00 on Tue 24 Nov to 16:00 on Mon 30 Nov, UAE time
  const FROM = "2026-11-24T16:00:00+04:00";
  const TO = "2026-11-30T16:00:00+04:00";

  it("names the days a pass covers, in each language", () => {
    assert.equal(formatDayRange(FROM, TO, "en"), "24–30 Nov 2026");
    assert.match(formatDayRange(FROM, TO, "ru"), /^24–30 нояб\.? 2026$/);
    assert.match(formatDayRange(FROM, TO, "ar"), /^24–30 نوفمبر 2026$/);
    assert.equal(formatDayRange(FROM, "2026-12-02T16:00:00+04:00", "en"), "24 Nov – 2 Dec 2026");
    assert.equal(formatUntilDay(TO, "en"), "30 Nov");
    assert.equal(formatUntilDay("2026-12-01T00:00:00+04:00", "en"), "30 Nov", "a pass ending at midnight");
  });

  it("an evening past midnight is one session, a week is a range", () => {
    assert.equal(isMultiDay("2026-11-24T22:00:00+04:00", "2026-11-25T02:00:00+04:00"), false);
    assert.equal(
      formatSession("2026-11-24T22:00:00+04:00", "2026-11-25T02:00:00+04:00", "en"),
      "Tue, 24 Nov 2026, 22:00",
    );
    assert.equal(formatSession(FROM, TO, "en"), "24–30 Nov 2026");
    assert.equal(formatSession(FROM, null, "en"), "Tue, 24 Nov 2026, 16:00");
  });
});
