/**
 * The site's texts in locales/: every key the English pages use exists in Russian and
 * Arabic, counts take each language's plural forms through i18next (JSON v4 suffixes),
 * and interpolation leaves the text for React to escape.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import i18next from "i18next";

const ROOT = join(__dirname, "..", "..");
const LANGS = ["en", "ru", "ar"] as const;
const NAMESPACES = ["common", "pages", "forms"] as const;
/** The top-level keys the site UI owns. */
const SITE_KEYS = [
  "nav",
  "footer",
  "common",
  "home",
  "events",
  "event",
  "places",
  "place",
  "persons",
  "person",
  "news",
  "info",
  "payDelivery",
  "notFound",
  "seo",
  "status",
];

type Tree = { [key: string]: unknown };

function load(lang: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(ROOT, "locales", lang, `${ns}.json`), "utf8")) as Tree;
}

/** Leaf paths with plural suffixes folded ("eventsCount_one" -> "eventsCount"). */
function leaves(tree: unknown, prefix = ""): string[] {
  if (Array.isArray(tree)) return [`${prefix}[]`];
  if (!tree || typeof tree !== "object") return [prefix];
  return Object.entries(tree as Tree).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k.replace(/_(zero|one|two|few|many|other)$/, "")}` : k),
  );
}

function siteLeaves(lang: string): Set<string> {
  const out = new Set<string>();
  for (const ns of NAMESPACES) {
    const tree = load(lang, ns);
    for (const key of SITE_KEYS) if (key in tree) for (const leaf of leaves(tree[key], key)) out.add(`${ns}:${leaf}`);
  }
  return out;
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
    fallbackNS: ["pages", "forms"],
    interpolation: { escapeValue: false },
    returnNull: false,
    compatibilityJSON: "v4",
  });
  return i18n;
}

describe("site locales", () => {
  it("Russian and Arabic have every key English has, and no extra ones", () => {
    const en = siteLeaves("en");
    for (const lang of ["ru", "ar"]) {
      const other = siteLeaves(lang);
      assert.deepEqual(
        [...en].filter((k) => !other.has(k)),
        [],
        `missing in ${lang}`,
      );
      assert.deepEqual(
        [...other].filter((k) => !en.has(k)),
        [],
        `only in ${lang}`,
      );
    }
  });

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
});
