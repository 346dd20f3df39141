/** What a ticket admits to: any one day of a session over several days, the same on the site and in the e-mail. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { MAIL_TEXTS } from "../../server/src/mail/mail-texts";
import { LANGUAGES } from "../../src/core/catalogue";
import { admissionDays } from "../../src/events/admission";

const common = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/common.json`, import.meta.url), "utf8")) as {
    admission: { anyDay: string };
  };

describe("admission", () => {
  it("a week-long session admits on any one of its days, from its opening time", () => {
    // the sample's Marina Sunset Sessions: 26 Nov 16:00 to 2 Dec 16:00, UAE time
    const start = "2026-11-26T16:00:00+04:00";
    const end = "2026-12-02T16:00:00+04:00";
    assert.deepEqual(admissionDays(start, end, "en"), { range: "26 Nov – 2 Dec 2026", time: "16:00" });
    assert.equal(admissionDays(start, end, "ru")?.range, "26 нояб. – 2 дек. 2026");
    assert.ok(admissionDays(start, end, "ar")?.range.includes("ديسمبر"));
  });

  it("a session of one evening admits to that evening: the caller says its date and time", () => {
    assert.equal(admissionDays("2026-12-14T19:30:00+04:00", "2026-12-14T22:00:00+04:00", "en"), null);
    assert.equal(admissionDays("2026-12-14T19:30:00+04:00", null, "en"), null);
    assert.equal(admissionDays(null, "2026-12-20T19:30:00+04:00", "en"), null);
  });

  it("the e-mail says it in the site's words, in every language", () => {
    for (const lang of LANGUAGES) {
      assert.equal(MAIL_TEXTS[lang].validRange, common(lang).admission.anyDay, lang);
      assert.match(common(lang).admission.anyDay, /\{\{range\}\}.*\{\{time\}\}/, lang);
    }
  });
});
