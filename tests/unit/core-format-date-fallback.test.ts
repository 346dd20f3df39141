/**
 * A language whose date-fns locale is not registered (a browser page loads only its own, and a
 * chunk may fail to load) still gets its dates in its own language, from Intl, and nothing
 * throws; once the locale is registered, its own text replaces the fallback's. This file never
 * imports src/core/date-locales-all.ts, so only English is registered at first.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ar } from "date-fns/locale/ar";
import { ru } from "date-fns/locale/ru";
import {
  dateBadge,
  formatDateTime,
  formatLongDate,
  formatShortDate,
  hasDateLocale,
  registerDateLocale,
} from "../../src/core/format";

// 22:30 UTC on 5 December is 02:30 on Sunday 6 December in Dubai (UTC+4)
const LATE = "2026-12-05T22:30:00Z";

describe("dates without their language's date-fns locale", () => {
  it("only English is there until a locale is registered", () => {
    assert.equal(hasDateLocale("en"), true);
    assert.equal(hasDateLocale("ru"), false);
    assert.equal(hasDateLocale("ar"), false);
    assert.equal(formatLongDate(LATE, "en"), "Sunday, 6 December 2026");
  });

  it("Russian and Arabic dates come from Intl: in the language, in UAE time, without throwing", () => {
    const ruLong = formatLongDate(LATE, "ru");
    assert.match(ruLong, /^воскресенье, 6 декабр[ья] 2026$/);
    assert.match(formatShortDate(LATE, "ru"), /6 дек/);
    assert.match(formatLongDate(LATE, "ar"), /^الأحد، 6 ديسمبر 2026$/);
    assert.match(formatDateTime(LATE, "ar"), /ديسمبر 2026، 02:30$/);
    assert.equal(dateBadge(LATE, "ar").day, "6");
    assert.doesNotMatch(`${ruLong}${formatLongDate(LATE, "ar")}`, /Sunday|December/);
  });

  it("a locale registered later replaces the fallback's text (it was not remembered)", () => {
    registerDateLocale("ru", ru);
    registerDateLocale("ar", ar);
    assert.equal(formatLongDate(LATE, "ru"), "воскресенье, 6 декабря 2026");
    assert.equal(formatLongDate(LATE, "ar"), "الأحد، 6 ديسمبر 2026");
    assert.deepEqual(dateBadge(LATE, "ru"), { day: "6", month: "дек.", weekday: "вс" });
  });
});
