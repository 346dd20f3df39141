/** The header search box's build-time index of places and persons, and how it matches. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  buildSearchIndex,
  entryMatches,
  normalizeSearchText,
  searchEntries,
  searchWordsOf,
} from "../../src/core/search-index";

const byLanguage = {
  en: {
    places: [
      { id: 1, title: "Coca-Cola Arena" },
      { id: 2, title: "Al Majaz Amphitheatre" },
    ],
    persons: [{ id: 7, title: "Layla Haddad" }],
  },
  ru: {
    places: [
      { id: 1, title: "Coca-Cola Arena" },
      { id: 2, title: "Амфитеатр Аль-Маджаз" },
    ],
    persons: [{ id: 7, title: "Лейла Хаддад" }],
  },
  ar: {
    places: [
      { id: 1, title: "كوكاكولا أرينا" },
      { id: 2, title: "مسرح المجاز" },
    ],
    persons: [{ id: 7, title: "ليلى حداد" }],
  },
};
const paths = { place: (id: number) => `/places/${id}/`, person: (id: number) => `/persons/person/${id}/` };

describe("search index", () => {
  it("keeps the page language's title and the words of every language", () => {
    const ar = buildSearchIndex("ar", byLanguage, paths);
    assert.deepEqual(
      ar.places.map((p) => [p.title, p.path]),
      [
        ["كوكاكولا أرينا", "/places/1/"],
        ["مسرح المجاز", "/places/2/"],
      ],
    );
    assert.ok(ar.places[0]!.words.includes("coca") && ar.places[0]!.words.includes("كوكاكولا"));
    assert.equal(ar.persons[0]!.path, "/persons/person/7/");
  });

  it("matches at the start of words in any language, ignoring case and Arabic spelling", () => {
    const ar = buildSearchIndex("ar", byLanguage, paths);
    assert.deepEqual(
      searchEntries(ar.places, "Coca-Cola", 3).map((p) => p.id),
      [1],
    );
    assert.deepEqual(searchEntries(ar.places, "джаз", 3), [], "not inside a word");
    assert.deepEqual(
      searchEntries(ar.places, "МАДЖ", 3).map((p) => p.id),
      [2],
    );
    assert.deepEqual(
      searchEntries(ar.places, "مجاز", 3).map((p) => p.id),
      [2],
      "without the article",
    );
    assert.deepEqual(
      searchEntries(ar.persons, "ليلي", 3).map((p) => p.id),
      [7],
      "alef maqsura typed as yaa",
    );
    assert.deepEqual(
      searchEntries(ar.persons, "لَيْلى", 3).map((p) => p.id),
      [7],
      "with harakat",
    );
    assert.equal(entryMatches({ words: searchWordsOf("Layla Haddad") }, ""), false);
    assert.equal(entryMatches({ words: searchWordsOf("Layla Haddad") }, "layla x"), false, "every word must match");
  });

  it("normalizes the way the catalogue does", () => {
    assert.equal(normalizeSearchText("Ёлка Café إمارات مدرسة"), "елка cafe امارات مدرسه");
    assert.deepEqual(searchWordsOf("Coca-Cola: Arena"), ["coca", "cola", "arena"]);
  });

  it("holds each event once with the words of its titles in every language, and its place and persons by id", () => {
    const event = (title: string) => ({ id: 12, title, place: { id: 1 }, persons: [{ id: 7 }] });
    const sources = {
      en: { ...byLanguage.en, events: [event("Rachmaninoff: Piano Concerto")] },
      ru: { ...byLanguage.ru, events: [event("Рахманинов: концерт")] },
      ar: { ...byLanguage.ar, events: [] },
    };
    const index = buildSearchIndex("ar", sources, paths);
    assert.deepEqual(index.events, [
      { id: 12, title: "rachmaninoff piano concerto рахманинов концерт", place: 1, persons: [7] },
    ]);
    assert.deepEqual(buildSearchIndex("en", byLanguage, paths).events, [], "no events given, none indexed");
  });
});
