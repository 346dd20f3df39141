/**
 * The site's forgiving match over its own index (src/core/search-index.ts), for what the
 * catalogue's search does not forgive: typos ("desrt", "rahmaninoff"), spellings
 * ("rachmaninov"), Russian and Arabic word forms ("рахманинова") and Latin/Cyrillic
 * transliterations ("рахманинаф" for "Rachmaninoff").
 *
 * Each word, in the index and in the query, stands for up to four forms: itself, its Arabic
 * form without the article, its Snowball stem (English, Russian, Arabic) and a sound key (the
 * word transliterated to Latin and folded: kh/ch -> h, ph -> f, w -> v, y -> i, doubled letters once,
 * a final v -> f). A query word matches when one of its forms matches one of an entry's forms
 * at its start or within a small edit distance (MiniSearch: prefix + fuzzy 0.2, i.e. one typo
 * from five letters, two from ten); every query word must match. An entry whose title holds
 * every word ranks above one found through its place or persons.
 *
 * Loaded with the search (a separate chunk: the stemmers are most of its weight).
 */
import MiniSearch from "minisearch";
import { newStemmer } from "snowball-stemmers";
import { normalizeSearchText, type SearchIndex, type SearchIndexEntry } from "../core/search-index";

const stemmers = {
  en: newStemmer("english"),
  ru: newStemmer("russian"),
  ar: newStemmer("arabic"),
};
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ARABIC = /\p{Script=Arabic}/u;
const LATIN = /\p{Script=Latin}/u;
/** و/ف (and), ب/ك/ل (in, like, for) before the article ال, or ل fused with it as لل. */
const ARABIC_ARTICLE = /^(?:[وف]?[بك]?ال|[وف]?لل)(?=\p{L}{2})/u;

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** A Latin or Cyrillic word as it sounds, roughly, so that spellings of one name meet; null for other scripts. */
export function soundKey(word: string): string | null {
  if (!LATIN.test(word) && !CYRILLIC.test(word)) return null;
  return [...word]
    .map((c) => CYRILLIC_TO_LATIN[c] ?? c)
    .join("")
    .replace(/[kc]h/g, "h")
    .replace(/ph/g, "f")
    .replace(/ck/g, "k")
    .replace(/w/g, "v")
    .replace(/y/g, "i")
    .replace(/(\p{L})\1+/gu, "$1")
    .replace(/v$/, "f");
}

/** Forms already made: titles repeat their words (venues, names, "concert") across many events. */
const formsMade = new Map<string, string[]>();

/** The forms a normalized word is matched by (see the module comment). */
export function wordForms(word: string): string[] {
  let forms = formsMade.get(word);
  if (!forms) {
    forms = makeForms(word);
    formsMade.set(word, forms);
  }
  return forms;
}

function makeForms(word: string): string[] {
  const forms = new Set([word]);
  if (ARABIC.test(word)) {
    const bare = word.replace(ARABIC_ARTICLE, "");
    forms.add(bare);
    forms.add(stemmers.ar.stem(bare));
  } else if (CYRILLIC.test(word)) forms.add(stemmers.ru.stem(word));
  else if (LATIN.test(word)) forms.add(stemmers.en.stem(word));
  const key = soundKey(word);
  if (key) forms.add(key);
  return [...forms].filter((form) => form.length > 0);
}

function queryWords(query: string): string[] {
  return [
    ...new Set(
      normalizeSearchText(query)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ];
}

/** Titles, each found by any form of a word: the hits for one query word, with their scores. */
interface WordIndex {
  hits(word: string): Map<number, number>;
}

function wordIndex(docs: Array<{ id: number; title: string }>): WordIndex {
  const search = new MiniSearch<{ id: number; title: string }>({
    fields: ["title"],
    tokenize: (text) => text.split(" "),
    processTerm: (term) => (term ? wordForms(term) : null),
    searchOptions: {
      prefix: true,
      fuzzy: 0.2,
      maxFuzzy: 2,
      // the query's forms are made by wordForms
      tokenize: (text) => [text],
      processTerm: (term) => term,
    },
  });
  search.addAll(docs);
  return {
    hits: (word) =>
      new Map(search.search({ combineWith: "OR", queries: wordForms(word) }).map((r) => [r.id as number, r.score])),
  };
}

/** An entry found: `inTitle` when its title alone holds every word of the query. */
export interface FuzzyMatch {
  id: number;
  inTitle: boolean;
}

export interface FuzzyMatcher {
  /**
   * The entries found: those whose title holds every word first (as the catalogue ranks
   * them), then those found through their place or persons, each part best first; none for a
   * query without words.
   */
  match(query: string): FuzzyMatch[];
}

/**
 * Entries whose title, or (for events) place or persons, match every word of the query. Only
 * titles are indexed per event; a place's or person's words are matched once, in their own
 * index, and lead to their events: building the matcher stays quick at thousands of events.
 */
function matcher(titles: WordIndex, related: (word: string) => Set<number>): FuzzyMatcher {
  return {
    match(query) {
      const words = queryWords(query);
      if (words.length === 0) return [];
      const score = new Map<number, number>();
      const inTitle = new Set<number>();
      words.forEach((word, i) => {
        const hits = titles.hits(word);
        const elsewhere = related(word);
        const found = (id: number) => hits.has(id) || elsewhere.has(id);
        const ids = i === 0 ? new Set([...hits.keys(), ...elsewhere]) : new Set([...score.keys()].filter(found));
        for (const id of [...score.keys()]) if (!ids.has(id)) score.delete(id);
        for (const id of ids) {
          score.set(id, (score.get(id) ?? 0) + (hits.get(id) ?? 0));
          if (i === 0 ? hits.has(id) : inTitle.has(id) && hits.has(id)) inTitle.add(id);
          else inTitle.delete(id);
        }
      });
      return [...score]
        .sort(([a, sa], [b, sb]) => Number(inTitle.has(b)) - Number(inTitle.has(a)) || sb - sa)
        .map(([id]) => ({ id, inTitle: inTitle.has(id) }));
    },
  };
}

const NOTHING = new Set<number>();

/** Events, found by their titles or by their place's and persons' words. */
export function createEventMatcher(index: SearchIndex): FuzzyMatcher {
  const events = index.events ?? [];
  const entries = (list: SearchIndexEntry[]) => wordIndex(list.map((e) => ({ id: e.id, title: e.words.join(" ") })));
  const places = entries(index.places);
  const persons = entries(index.persons);
  const byPlace = new Map<number, number[]>();
  const byPerson = new Map<number, number[]>();
  for (const event of events) {
    byPlace.set(event.place, [...(byPlace.get(event.place) ?? []), event.id]);
    for (const person of event.persons) byPerson.set(person, [...(byPerson.get(person) ?? []), event.id]);
  }
  const eventsOf = (hits: Map<number, number>, by: Map<number, number[]>) =>
    [...hits.keys()].flatMap((id) => by.get(id) ?? []);
  return matcher(
    wordIndex(events),
    (word) => new Set([...eventsOf(places.hits(word), byPlace), ...eventsOf(persons.hits(word), byPerson)]),
  );
}

/** Places or persons: their words are all title. */
export function createEntryMatcher(entries: SearchIndexEntry[]): FuzzyMatcher {
  return matcher(wordIndex(entries.map((entry) => ({ id: entry.id, title: entry.words.join(" ") }))), () => NOTHING);
}
