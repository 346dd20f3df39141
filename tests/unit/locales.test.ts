/**
 * The site's texts in locales/: every namespace of every language has every key English has,
 * and no other; a count takes each language's plural forms through i18next (JSON v4 suffixes:
 * English _one/_other, Russian _one/_few/_many/_other, Arabic _zero/_one/_two/_few/_many/_other);
 * placeholders and markup slots are the same in every language (a form for 0, 1 or 2 may say
 * its number in words); no Russian or Arabic text is
 * left in English; and interpolation leaves the text for React to escape.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import i18next from "i18next";

const ROOT = join(__dirname, "..", "..");
const LANGS = ["en", "ru", "ar"] as const;
type Lang = (typeof LANGS)[number];
/** The namespaces are the files of locales/en/. */
const NAMESPACES = readdirSync(join(ROOT, "locales", "en"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -".json".length))
  .sort();
/** The plural forms each language's counted texts need (CLDR's categories for the language). */
const PLURAL_FORMS: Record<Lang, readonly string[]> = {
  en: ["one", "other"],
  ru: ["one", "few", "many", "other"],
  ar: ["zero", "one", "two", "few", "many", "other"],
};
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Names and codes written in Latin letters in every language. */
const LATIN_NAMES =
  /UAE Tickets|UAE|GMT|English|Enter|name@example\.com|3-D Secure|OpenStreetMap|Apple Pay|Google Pay|Apple Wallet|Google Wallet|Google|Apple|PDF|Telegram|WhatsApp|TRN|Coca-Cola Arena|Emirates ID/g;

type Tree = { [key: string]: unknown };

function load(lang: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(ROOT, "locales", lang, `${ns}.json`), "utf8")) as Tree;
}

/** Every text of a namespace by its dotted key (an array is one text). */
function texts(tree: unknown, prefix = ""): Map<string, unknown> {
  if (!tree || typeof tree !== "object" || Array.isArray(tree)) return new Map([[prefix, tree]]);
  return new Map(
    Object.entries(tree as Tree).flatMap(([key, value]) => [...texts(value, prefix ? `${prefix}.${key}` : key)]),
  );
}

/** Each key with its plural suffix folded, and the plural forms it has ("count_one" → count: {one}). */
function pluralForms(keys: Iterable<string>): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of keys) {
    const suffix = PLURAL.exec(key);
    const base = suffix ? key.slice(0, -suffix[0].length) : key;
    const forms = bases.get(base) ?? new Set<string>();
    if (suffix) forms.add(suffix[1]!);
    bases.set(base, forms);
  }
  return bases;
}

/** The {{placeholders}} and <n> markup slots of a text, but the count. */
function slots(text: unknown): string[] {
  const flat = typeof text === "string" ? text : JSON.stringify(text);
  return [...flat.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\d+)>/g)]
    .map((match) => match[1] ?? `<${match[2]}>`)
    .filter((slot) => slot !== "count")
    .sort();
}

/** The English text a key's text translates (a plural form's: English's _other). */
function englishOf(english: Map<string, unknown>, key: string): unknown {
  return english.get(key) ?? english.get(key.replace(PLURAL, "_other"));
}

async function instance(lang: string) {
  const resources: Record<string, Tree> = {};
  for (const ns of NAMESPACES) resources[ns] = load(lang, ns);
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: resources },
    ns: [...NAMESPACES],
    defaultNS: "common",
    fallbackNS: NAMESPACES.filter((ns) => ns !== "common"),
    interpolation: { escapeValue: false },
    returnNull: false,
    compatibilityJSON: "v4",
  });
  return i18n;
}

describe("locales", () => {
  it("has the same namespaces in every language", () => {
    assert.ok(NAMESPACES.includes("common"), NAMESPACES.join(", "));
    for (const lang of LANGS) {
      const files = readdirSync(join(ROOT, "locales", lang)).filter((file) => file.endsWith(".json"));
      assert.deepEqual(files.map((file) => file.slice(0, -".json".length)).sort(), NAMESPACES, lang);
    }
  });

  for (const ns of NAMESPACES) {
    const english = texts(load("en", ns));
    const englishForms = pluralForms(english.keys());

    for (const lang of LANGS) {
      it(`${lang}/${ns}.json has every key English has, no other, and each count's plural forms`, () => {
        const forms = pluralForms(texts(load(lang, ns)).keys());
        const missing: string[] = [];
        for (const [base, englishOnes] of englishForms) {
          const own = forms.get(base);
          if (!own) missing.push(base);
          else if (englishOnes.size > 0)
            for (const form of PLURAL_FORMS[lang]) if (!own.has(form)) missing.push(`${base}_${form}`);
        }
        assert.deepEqual(missing, [], `missing in ${lang}/${ns}.json`);
        assert.deepEqual(
          [...forms.keys()].filter((base) => !englishForms.has(base)),
          [],
          `only in ${lang}/${ns}.json`,
        );
        const pluralOnlyHere = [...forms].filter(([base, own]) => own.size > 0 && englishForms.get(base)?.size === 0);
        assert.deepEqual(
          pluralOnlyHere.map(([base]) => base),
          [],
          `counted in ${lang} but not in English`,
        );
      });
    }

    for (const lang of ["ru", "ar"] as const) {
      it(`${lang}/${ns}.json keeps English's placeholders and markup slots, and is not left in English`, () => {
        for (const [key, text] of texts(load(lang, ns))) {
          const source = englishOf(english, key);
          if (source !== undefined) {
            // a form for 0, 1 or 2 may say the number in words ("فعاليتان"), so drop its slot
            const own = slots(text);
            const expected = /_(zero|one|two)$/.test(key)
              ? slots(source).filter((slot) => own.includes(slot))
              : slots(source);
            assert.deepEqual(own, expected, `${lang}/${ns}.json ${key}`);
          }
          const words = JSON.stringify(text)
            .replace(/\{\{[^}]*\}\}|<[^>]*>|\\[nu][0-9a-f]{0,4}/g, "")
            .replace(LATIN_NAMES, "")
            .match(/[A-Za-z]{3,}/g);
          assert.equal(words, null, `${lang}/${ns}.json ${key}: ${JSON.stringify(text)}`);
        }
      });
    }
  }

  it("counts events with the plural forms of each language", async () => {
    const expected: Record<string, Array<[number, string]>> = {
      en: [
        [1, "1 event"],
        [2, "2 events"],
        [21, "21 events"],
      ],
      ru: [
        [1, "1 событие"],
        [3, "3 события"],
        [5, "5 событий"],
        [11, "11 событий"],
        [21, "21 событие"],
        [24, "24 события"],
      ],
      ar: [
        [0, "لا توجد فعاليات"],
        [1, "فعالية واحدة"],
        [2, "فعاليتان"],
        [3, "3 فعاليات"],
        [11, "11 فعالية"],
        [100, "100 فعالية"],
      ],
    };
    for (const lang of LANGS) {
      const i18n = await instance(lang);
      for (const [count, text] of expected[lang]!)
        assert.equal(i18n.t("common.eventsCount", { count }), text, `${lang} ${count}`);
    }
  });

  it("finds page texts through the fallback namespaces and leaves markup to React", async () => {
    const i18n = await instance("ar");
    assert.equal(i18n.t("notFound.title"), "الصفحة غير موجودة");
    assert.equal(i18n.t("seo.titleTemplate", { title: "<b>x</b>" }), "<b>x</b> | تذاكر الإمارات");
  });

  it("gives every info page a title, a description and paragraphs in every language", () => {
    for (const lang of LANGS) {
      const info = load(lang, "pages").info as Record<string, { title: string; description: string }>;
      const texts = JSON.parse(readFileSync(join(ROOT, "src", "content", "info", `${lang}.json`), "utf8")) as Record<
        string,
        Array<{ heading?: string; paragraphs: string[] }>
      >;
      const pages = ["about", "contacts", "guarantee", "license", "offer", "privacy-policy", "selltickets"];
      assert.deepEqual(
        Object.keys(texts).sort(),
        [...pages].sort(),
        `${lang}: the pages in src/content/info/${lang}.json`,
      );
      for (const page of pages) {
        const entry = info[page];
        assert.ok(entry?.title && entry.description, `${lang} ${page}`);
        const sections = texts[page] ?? [];
        assert.ok(
          sections.every((s) => s.paragraphs.length > 0 && s.paragraphs.every((p) => p.trim() !== "")),
          `${lang} ${page}: empty paragraph`,
        );
        const words = sections
          .flatMap((s) => s.paragraphs)
          .join(" ")
          .split(/\s+/).length;
        assert.ok(words >= 50, `${lang} ${page} has ${words} words`);
      }
    }
  });

  it("has the unpaid-order reminder and the footer's order links, with their markup slots", () => {
    for (const lang of LANGS) {
      const common = load(lang, "common") as { unpaidOrder: Record<string, string>; footer: Record<string, string> };
      assert.match(common.unpaidOrder.text!, /<1>\{\{number\}\}<\/1>.*<2>\{\{time\}\}<\/2>/, lang);
      assert.ok(common.unpaidOrder.action && common.footer.findOrder && common.footer.myOrders, lang);
    }
  });
});
