/**
 * Remembered translations (src/i18n/memo-t.ts): a plain t("key") is translated once per
 * language, namespace and key prefix; every other call goes through i18next each time and
 * gives what it gave before; the texts are forgotten when the language or resources change.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import i18next, { type i18n as I18n } from "i18next";
import { memoizeTranslations } from "../../src/i18n/memo-t";

const RESOURCES = {
  en: {
    translation: {
      buy: "Buy tickets",
      tickets_one: "{{count}} ticket",
      tickets_other: "{{count}} tickets",
      hello: "Hello, {{name}}",
      nav: { events: "Events" },
      list: ["a", "b"],
    },
  },
  ar: { translation: { buy: "اشترِ التذاكر", nav: { events: "الفعاليات" } } },
};

function instance(): { i18n: I18n; lookups: () => number } {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: RESOURCES, lng: "en", fallbackLng: "en", initImmediate: false });
  let count = 0;
  const translator = (i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator;
  const translate = translator.translate.bind(translator);
  translator.translate = (...args: unknown[]) => {
    count += 1;
    return translate(...args);
  };
  return { i18n, lookups: () => count };
}

describe("remembered translations", () => {
  it("translates a plain call once, also through a fixed t with a key prefix", () => {
    const { i18n, lookups } = instance();
    memoizeTranslations(i18n);
    assert.equal(i18n.t("buy"), "Buy tickets");
    assert.equal(i18n.t("buy"), "Buy tickets");
    assert.equal(lookups(), 1);
    const nav = i18n.getFixedT("en", "translation", "nav");
    assert.equal(nav("events"), "Events");
    assert.equal(nav("events"), "Events");
    assert.equal(lookups(), 2);
    // react-i18next's useTranslation asks for getFixedT(null, ns, keyPrefix): lngs is null
    const page = i18n.getFixedT(null, "translation");
    assert.equal(page("buy"), "Buy tickets");
    assert.equal(page("buy"), "Buy tickets");
    assert.equal(lookups(), 3, "translated once");
    const ar = i18n.getFixedT("ar");
    assert.equal(ar("buy"), "اشترِ التذاكر", "another language is another text");
    assert.equal(i18n.t("buy"), "Buy tickets");
    assert.equal(lookups(), 4);
  });

  it("passes every other call to i18next, each time, with the same result as before", () => {
    const { i18n, lookups } = instance();
    const { i18n: plain, lookups: plainLookups } = instance();
    memoizeTranslations(i18n);
    const calls: [string, object?][] = [
      ["tickets", { count: 1 }],
      ["tickets", { count: 3 }],
      ["hello", { name: "Layla" }],
      ["missing", { defaultValue: "fallback" }],
      ["list", { returnObjects: true }],
    ];
    for (const [key, options] of calls) {
      assert.deepEqual(i18n.t(key, options as never), plain.t(key, options as never), key);
      assert.deepEqual(i18n.t(key, options as never), plain.t(key, options as never), key);
    }
    assert.equal(lookups(), plainLookups(), "i18next did the same work for both");
    assert.equal(i18n.t("tickets", { count: 3 }), "3 tickets");
  });

  it("forgets the texts when the language or the resources change", () => {
    const { i18n, lookups } = instance();
    memoizeTranslations(i18n);
    memoizeTranslations(i18n);
    assert.equal(i18n.t("buy"), "Buy tickets");
    i18n.addResource("en", "translation", "buy", "Get tickets");
    assert.equal(i18n.t("buy"), "Get tickets");
    void i18n.changeLanguage("ar");
    assert.equal(i18n.t("buy"), "اشترِ التذاكر");
    assert.equal(lookups(), 3, "memoized once, not twice");
  });
});
