/**
 * The site's forgiving match over its own index (src/core/search-index.ts), for what the
 * catalogue's search does not forgive: typos ("desrt", "rahmaninoff"), spellings
 * ("rachmaninov"), Russian and Arabic word forms ("рахманинова") and Latin/Cyrillic
 * transliterations ("рахманинаф" for "Rachmaninoff").
 *
 * Each word, in the index and in the query, stands for up to four forms: itself, its Arabic
 * form without the article, its Snowball stem (English, Russian, Arabic) and a sound key (the
 * word transliterated to Latin and folded: kh/ch -> h, ph -> f, w -> v, doubled letters once,
 * a final v -> f). A query word matches when one of its forms matches one of an entry's forms
 * at its start or within a small edit distance (MiniSearch: prefix + fuzzy 0.2, i.e. one typo
 * from five letters, two from ten); every query word must match. An entry whose title holds
 * every word ranks above one found through its place or persons.
 *
 * Loaded with the search (a separate chunk: the stemmers are most of its weight).
 */
import MiniSearch, { type Query } from "minisearch";
import { newStemmer } from "snowball-stemmers";
import { normalizeSearchText, type SearchIndexEntry, type SearchIndexEvent } from "../core/search-index";

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

/** The forms a normalized word is matched by (see the module comment). */
export function wordForms(word: string): string[] {
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

/** Any form of every query word; none for a query without words. */
function queryOf(query: string): Query | null {
  const words = queryWords(query);
  if (words.length === 0) return null;
  return { combineWith: "AND", queries: words.map((word) => ({ combineWith: "OR", queries: wordForms(word) })) };
}

interface Doc {
  id: number;
  title: string;
  other: string;
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

function createMatcher(docs: Doc[]): FuzzyMatcher {
  const search = new MiniSearch<Doc>({
    fields: ["title", "other"],
    tokenize: (text) => text.split(" "),
    processTerm: (term) => (term ? wordForms(term) : null),
    searchOptions: {
      boost: { title: 2 },
      prefix: true,
      fuzzy: 0.2,
      maxFuzzy: 2,
      // the query's forms are made by queryOf
      tokenize: (text) => [text],
      processTerm: (term) => term,
    },
  });
  search.addAll(docs);
  return {
    match(query) {
      const q = queryOf(query);
      if (q === null) return [];
      const inTitle = search.search(q, { fields: ["title"] }).map((r): FuzzyMatch => ({ id: r.id, inTitle: true }));
      const titled = new Set(inTitle.map((m) => m.id));
      const elsewhere = search
        .search(q)
        .filter((r) => !titled.has(r.id))
        .map((r): FuzzyMatch => ({ id: r.id, inTitle: false }));
      return [...inTitle, ...elsewhere];
    },
  };
}

export function createEventMatcher(events: SearchIndexEvent[]): FuzzyMatcher {
  return createMatcher(events);
}

/** Places or persons: their words are all title. */
export function createEntryMatcher(entries: SearchIndexEntry[]): FuzzyMatcher {
  return createMatcher(entries.map((entry) => ({ id: entry.id, title: entry.words.join(" "), other: "" })));
}
