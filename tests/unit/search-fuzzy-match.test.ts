/**
 * The site's forgiving search over its own index, on the sample catalogue the server seeds
 * (server/src/seed/data): typos, spellings, word forms and transliterations in en, ru and ar.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { LANGUAGES, type Lang } from "../../src/core/catalogue";
import { buildSearchIndex, type IndexedEventSource, type SearchIndexSources } from "../../src/core/search-index";
import {
  createEntryMatcher,
  createEventMatcher,
  type FuzzyMatcher,
  soundKey,
  wordForms,
} from "../../src/search/fuzzy-match";

type I18n = Record<Lang, string>;
const seed = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../server/src/seed/data/${name}`, import.meta.url), "utf8"));
const { events } = seed("sample-events.json") as {
  events: Array<{ id: number; place: number; persons: number[]; title: I18n }>;
};
const { places, persons } = seed("sample-reference.json") as {
  places: Array<{ id: number; title: I18n }>;
  persons: Array<{ id: number; title: I18n }>;
};
const titleOf = (items: Array<{ id: number; title: I18n }>, id: number, lang: Lang) =>
  items.find((item) => item.id === id)?.title[lang] ?? "";

const byLanguage = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    {
      places: places.map((p) => ({ id: p.id, title: p.title[lang] })),
      persons: persons.map((p) => ({ id: p.id, title: p.title[lang] })),
      events: events.map(
        (e): IndexedEventSource => ({
          id: e.id,
          title: e.title[lang],
          place: { id: e.place },
          persons: e.persons.map((id) => ({ id })),
        }),
      ),
    },
  ]),
) as SearchIndexSources;
const paths = { place: (id: number) => `/places/${id}/`, person: (id: number) => `/persons/person/${id}/` };

/** The ids found, in order. */
const idsOf = (matcher: FuzzyMatcher, query: string): number[] => matcher.match(query).map((m) => m.id);

const RACHMANINOFF = events.find((e) => e.title.en.startsWith("Rachmaninoff"))!.id;
const DESERT_ECHOES = events.filter((e) => e.title.en.startsWith("The Desert Echoes")).map((e) => e.id);

describe("fuzzy search over the site's index", () => {
  for (const lang of LANGUAGES) {
    const index = buildSearchIndex(lang, byLanguage, paths);
    const matcher = createEventMatcher(index);

    it(`finds the Rachmaninoff concert by any spelling, typo or form, first (${lang} page)`, () => {
      for (const query of [
        "rachmaninof",
        "rachmaninov",
        "rahmaninoff",
        "Rachmaninoff",
        "рахманинова",
        "концерт Рахманинова",
        "рахманинаф",
        "Рахманинов",
        "رحمانينف",
        "رحمانينوف",
        "كونشرتو رحمانينوف",
      ]) {
        const found = idsOf(matcher, query);
        assert.equal(found[0], RACHMANINOFF, `${query} -> ${JSON.stringify(found)}`);
      }
    });

    it(`forgives a typo in an English word and finds every event it names (${lang} page)`, () => {
      const found = idsOf(matcher, "desrt");
      for (const id of DESERT_ECHOES) assert.ok(found.includes(id), `desrt -> ${JSON.stringify(found)}`);
      assert.ok(!found.includes(RACHMANINOFF));
    });
  }

  const matcher = createEventMatcher(buildSearchIndex("en", byLanguage, paths));

  it("needs every word of the query to match", () => {
    assert.deepEqual(idsOf(matcher, "rachmaninoff sandstorm"), []);
    assert.deepEqual(idsOf(matcher, "rachmaninoff zzzzqqq"), []);
  });

  it("finds nothing for nonsense, and nothing for a query without words", () => {
    assert.deepEqual(idsOf(matcher, "qwxzv"), []);
    assert.deepEqual(idsOf(matcher, "  — ! "), []);
  });

  it("finds an event through its place or persons, ranking title matches first", () => {
    const coca = idsOf(matcher, "Coca-Cola");
    assert.ok(coca.length > 0);
    const atArena = events.filter((e) => titleOf(places, e.place, "en") === "Coca-Cola Arena").map((e) => e.id);
    assert.deepEqual(new Set(coca), new Set(atArena), "the events at Coca-Cola Arena");
    const piano = matcher.match("piano");
    const titled = piano.filter((m) => m.inTitle).map((m) => m.id);
    assert.ok(titled.length > 0);
    for (const id of titled) assert.match(events.find((e) => e.id === id)!.title.en, /piano/i);
    assert.deepEqual(
      piano.slice(0, titled.length).map((m) => m.id),
      titled,
      "the events whose title holds the query come first",
    );
    assert.ok(
      coca.every((id) => !matcher.match("Coca-Cola").find((m) => m.id === id)!.inTitle),
      "found through their place",
    );
  });

  it("forgives typos in places and persons too", () => {
    const index = buildSearchIndex("ru", byLanguage, paths);
    const volkova = persons.find((p) => p.title.en === "Anna Volkova")!;
    assert.equal(idsOf(createEntryMatcher(index.persons), "volkowa")[0], volkova.id);
    assert.equal(idsOf(createEntryMatcher(index.persons), "Волковой")[0], volkova.id, "a Russian case form");
    const arena = places.find((p) => p.title.en === "Coca-Cola Arena")!;
    assert.equal(idsOf(createEntryMatcher(index.places), "coca-kola")[0], arena.id);
  });

  it("makes the forms a word is matched by", () => {
    assert.equal(soundKey("rachmaninoff"), soundKey("rachmaninov"));
    assert.equal(soundKey("рахманинов"), soundKey("rakhmaninov"));
    assert.equal(soundKey("رحمانينوف"), null);
    assert.ok(wordForms("рахманинова").includes("рахманинов"), "the Russian stem");
    assert.ok(wordForms("concerts").includes("concert"), "the English stem");
    assert.ok(wordForms("بالكونشرتو").includes("كونشرتو"), "the Arabic word without its article");
  });
});
