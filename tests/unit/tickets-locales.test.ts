/**
 * The tickets namespace (locales/{en,ru,ar}/tickets.json) and the reminder's keys in
 * common.json: every key in every language, each plural with all of its language's forms.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const ROOT = join(__dirname, "..", "..");
type Tree = { [key: string]: unknown };
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(ROOT, "locales", lang, `${ns}.json`), "utf8")) as Tree;

const SUFFIX = /_(zero|one|two|few|many|other)$/;
const FORMS: Record<string, string[]> = {
  en: ["one", "other"],
  ru: ["one", "few", "many", "other"],
  ar: ["zero", "one", "two", "few", "many", "other"],
};

function leaves(tree: unknown, prefix = ""): string[] {
  if (!tree || typeof tree !== "object") return [prefix];
  return Object.entries(tree as Tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

function folded(keys: string[]): Set<string> {
  return new Set(keys.map((k) => k.replace(SUFFIX, "")));
}

test("every tickets text exists in Russian and Arabic, with each plural's forms", () => {
  const en = leaves(load("en", "tickets"));
  const plurals = new Set(en.filter((k) => SUFFIX.test(k)).map((k) => k.replace(SUFFIX, "")));
  for (const lang of ["ru", "ar"]) {
    const keys = leaves(load(lang, "tickets"));
    assert.deepEqual([...folded(keys)].sort(), [...folded(en)].sort(), lang);
    for (const plural of plurals) {
      for (const form of FORMS[lang]!) assert.ok(keys.includes(`${plural}_${form}`), `${lang}: ${plural}_${form}`);
    }
  }
  for (const plural of plurals)
    for (const form of FORMS.en!) assert.ok(en.includes(`${plural}_${form}`), `en: ${plural}_${form}`);
});

test("the reminder and the footer links are in every language's common texts, and keep their markup slots", () => {
  for (const lang of ["en", "ru", "ar"]) {
    const common = load(lang, "common") as { unpaidOrder: Record<string, string>; footer: Record<string, string> };
    assert.match(common.unpaidOrder.text!, /<1>\{\{number\}\}<\/1>.*<2>\{\{time\}\}<\/2>/, lang);
    assert.ok(common.unpaidOrder.action && common.footer.findOrder && common.footer.myOrders, lang);
  }
});
