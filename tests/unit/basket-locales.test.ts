import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const SHOP_KEYS = ["basket", "cart", "currency", "price", "picker", "toast"] as const;
const PLURAL_FORMS: Record<string, string[]> = {
  en: ["one", "other"],
  ru: ["one", "few", "many", "other"],
  ar: ["zero", "one", "two", "few", "many", "other"],
};
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = Record<string, Record<string, string>>;
const load = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8")) as Tree;

function baseKeys(section: Record<string, string>): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of Object.keys(section)) {
    const m = PLURAL.exec(key);
    const base = m ? key.slice(0, -m[0].length) : key;
    const forms = bases.get(base) ?? new Set<string>();
    if (m) forms.add(m[1]!);
    bases.set(base, forms);
  }
  return bases;
}

describe("shop texts in locales/", () => {
  const en = load("en");
  for (const lang of ["ru", "ar"]) {
    it(`${lang} has every shop text English has, with all its plural forms`, () => {
      const tree = load(lang);
      for (const section of SHOP_KEYS) {
        const mine = baseKeys(tree[section] ?? {});
        for (const [base, forms] of baseKeys(en[section] ?? {})) {
          assert.ok(mine.has(base), `${lang}: ${section}.${base} missing`);
          if (forms.size === 0) continue;
          for (const form of PLURAL_FORMS[lang]!) {
            if (form === "zero" && !forms.has("zero") && lang !== "ar") continue;
            assert.ok(mine.get(base)?.has(form), `${lang}: ${section}.${base}_${form} missing`);
          }
        }
      }
    });
  }

  it("no Russian or Arabic shop text is left in English", () => {
    for (const lang of ["ru", "ar"]) {
      const tree = load(lang);
      for (const section of SHOP_KEYS) {
        for (const [key, text] of Object.entries(tree[section] ?? {})) {
          const words = text.replace(/\{\{\w+\}\}/g, "").match(/[A-Za-z]{3,}/g);
          assert.equal(words, null, `${lang}: ${section}.${key} = ${text}`);
        }
      }
    }
  });

  it("placeholders match English", () => {
    const vars = (s: string) =>
      [...s.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .filter((v) => v !== "count")
        .sort();
    for (const lang of ["ru", "ar"]) {
      const tree = load(lang);
      for (const section of SHOP_KEYS) {
        for (const [key, text] of Object.entries(en[section] ?? {})) {
          const other = tree[section]?.[key];
          if (other === undefined) continue;
          assert.deepEqual(vars(other), vars(text), `${lang}: ${section}.${key}`);
        }
      }
    }
  });
});
