/**
 * The catalogue's `search`: words match at their start, case, diacritics and Arabic spelling
 * variants do not matter, Russian and English word forms meet, any of the three languages
 * matches, and title matches rank above place and person matches.
 */

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  indexTexts,
  matchRank,
  normalizeForSearch,
  queryTokens,
  stemOf,
} from "../../server/src/catalogue/search-match";
import { json, makeApp, type TestApp } from "./helpers";

type Ev = {
  id: number;
  title: string;
  place: { id: number; title: string };
  persons: Array<{ id: number; title: string }>;
};
type Page = { count: number; results: Ev[] };

let app: TestApp;
before(async () => {
  ({ app } = await makeApp());
});
after(async () => app.close());

async function search(query: string, lang = "en"): Promise<Page> {
  const res = await app.inject(
    `/v1/events?date_type=all&page_size=100&lang=${lang}&search=${encodeURIComponent(query)}`,
  );
  assert.equal(res.statusCode, 200, res.body.slice(0, 200));
  return json<Page>(res);
}
const titles = (p: Page) => p.results.map((e) => e.title);

const text = (en: string, ru: string, ar: string) => ({ en, ru, ar });
const rank = (title: ReturnType<typeof text>, query: string, other: Array<ReturnType<typeof text>> = []) =>
  matchRank({ title: indexTexts([title]), other: indexTexts(other) }, queryTokens(query));

describe("search matching rules", () => {
  it("normalizes case, diacritics, ё and Arabic spelling variants", () => {
    assert.equal(normalizeForSearch("Café ÉTÉ Ёлка"), "cafe ete елка");
    assert.equal(normalizeForSearch("أإآٱ ليلى مدرسة عـــرض مُوسِيقَى"), "اااا ليلي مدرسه عرض موسيقي");
  });

  it("matches at the start of words, never inside", () => {
    const majaz = text("Al Majaz Amphitheatre", "Амфитеатр Аль-Маджаз", "مسرح المجاز");
    assert.equal(rank(majaz, "джаз"), null);
    assert.equal(rank(majaz, "маджаз"), 0);
    assert.equal(rank(majaz, "мадж"), 0, "a word being typed matches");
    assert.equal(rank(majaz, "jaz"), null);
    assert.equal(rank(text("Jazz Night", "Джаз-вечер", "ليلة الجاز"), "джаз"), 0);
  });

  it("finds Russian and English word forms", () => {
    const gala = text("Gulf Comedy Gala", "Гала-вечер комедии Залива", "حفل الخليج الكوميدي");
    assert.equal(rank(gala, "комедия"), 0);
    assert.equal(rank(gala, "КОМЕДИЮ"), 0);
    assert.equal(rank(gala, "comedies"), 0);
    assert.equal(stemOf("концерты"), stemOf("концерта"));
  });

  it("drops the Arabic article and attached prepositions", () => {
    const night = text("Ajman Comedy Night", "Вечер комедии в Аджмане", "ليلة الكوميديا في عجمان");
    assert.equal(rank(night, "كوميديا"), 0);
    assert.equal(rank(night, "بالكوميديا"), 0);
    assert.equal(rank(night, "ليله"), 0, "taa marbuta typed as haa");
  });

  it("needs every word, and ranks a title match above a place or person match", () => {
    const arena = text("Coca-Cola Arena", "Coca-Cola Arena", "كوكاكولا أرينا");
    const echoes = text(
      "The Desert Echoes: Sandstorm Tour",
      "The Desert Echoes: тур Sandstorm",
      "ديزرت إيكوز: جولة العاصفة الرملية",
    );
    assert.equal(rank(echoes, "sandstorm arena", [arena]), 1);
    assert.equal(rank(echoes, "sandstorm", [arena]), 0);
    assert.equal(rank(echoes, "sandstorm opera", [arena]), null);
    assert.equal(rank(echoes, "coca-cola", [arena]), 1);
  });
});

describe("GET /v1/events?search=", () => {
  it("does not find Маджаз for джаз", async () => {
    const found = await search("джаз", "ru");
    assert.ok(
      found.results.every((e) => !/маджаз/i.test(e.place.title) || /(^|[^а-яё])джаз/i.test(e.title)),
      titles(found).join(" | "),
    );
    const majaz = await search("маджаз", "ru");
    assert.ok(
      majaz.count > 0 && majaz.results.every((e) => e.place.title.includes("Маджаз")),
      titles(majaz).join(" | "),
    );
  });

  it("finds a Russian title by another form of its word", async () => {
    const found = await search("комедия", "ru");
    assert.ok(titles(found).includes("Гала-вечер комедии Залива"), titles(found).join(" | "));
    assert.ok(titles(found).includes("Вечер комедии в Аджмане"));
  });

  it("finds an Arabic title typed with another spelling", async () => {
    const found = await search("ليلي حداد", "ar");
    assert.ok(
      found.count >= 3 &&
        found.results.every((e) => e.title.includes("ليلى") || e.persons.some((p) => p.title.includes("ليلى"))),
    );
    const withHarakat = await search("الكُومِيدِيا", "ar");
    assert.ok(titles(withHarakat).includes("ليلة الكوميديا في عجمان"), titles(withHarakat).join(" | "));
  });

  it("matches titles and places in any of the three languages", async () => {
    const arena = await search("Coca-Cola", "ar");
    assert.ok(
      arena.count > 0 && arena.results.every((e) => e.place.title === "كوكاكولا أرينا"),
      titles(arena).join(" | "),
    );
    const layla = await search("ليلى", "en");
    assert.ok(
      layla.count >= 3 &&
        layla.results.every((e) => /Layla/.test(e.title) || e.persons.some((p) => p.title === "Layla Haddad")),
    );
    const sandstorm = await search("Sandstorm", "ru");
    assert.ok(sandstorm.count >= 1);
  });

  it("lists events whose title matches before those found by place or persons", async () => {
    const found = await search("layla");
    const inTitle = found.results.map((e) => /layla/i.test(e.title));
    assert.ok(inTitle.includes(true) && inTitle.includes(false), "the sample has both kinds");
    assert.equal(
      inTitle.indexOf(false),
      inTitle.lastIndexOf(true) + 1,
      `title matches first: ${titles(found).join(" | ")}`,
    );
  });

  it("treats punctuation-only and over-long queries sensibly", async () => {
    const all = await app.inject("/v1/events?date_type=all&page_size=1");
    const punctuation = await search("--- !!");
    assert.equal(punctuation.count, json<Page>(all).count, "no words: no filter");
    const long = await app.inject(`/v1/events?search=${"ж".repeat(201)}`);
    assert.equal(long.statusCode, 400);
  });
});
