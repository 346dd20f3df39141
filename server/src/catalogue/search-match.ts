/**
 * How the catalogue's `search` matches events: the rules a visitor expects of a search box.
 *
 * - Words match at their start, never inside: "джаз" finds "Джаз-вечер", not "Маджаз";
 *   a word being typed ("комед") already finds "комедии".
 * - Case, Latin diacritics, ё/е and the spelling variants of Arabic do not matter: alef forms
 *   (أ إ آ ٱ -> ا), alef maqsura (ى -> ي), taa marbuta (ة -> ه), tatweel and harakat.
 * - Russian and English word forms meet at their Snowball stem: "комедия" finds "комедии",
 *   "concerts" finds "Concert". Arabic drops its article and attached prepositions
 *   ("الكوميديا", "بالكوميديا" and "كوميديا" are one word).
 * - A query matches the event's title, place and persons in any of the three languages:
 *   "Coca-Cola" typed on an Arabic page finds the events at "كوكاكولا أرينا".
 * - Every word of the query must match somewhere; an event whose title holds them all ranks
 *   above one found through its place or persons.
 */
import { newStemmer } from "snowball-stemmers";
import { normalizeSearchText } from "../../../src/core/search-index";
import type { I18nText } from "../lib/i18n";

/** The site's search normalisation (accents, Arabic vowel marks and tatweel, ё, alef forms) with spaces folded. */
export function normalizeForSearch(text: string): string {
  return normalizeSearchText(text).replace(/\s+/g, " ").trim();
}

/** The words of a text, normalized; punctuation and hyphens separate words ("Coca-Cola" is two). */
export function searchWords(text: string): string[] {
  return normalizeForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const russian = newStemmer("russian");
const english = newStemmer("english");
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ARABIC = /\p{Script=Arabic}/u;
const LATIN = /\p{Script=Latin}/u;
/** و/ف (and), ب/ك/ل (in, like, for) before the article ال, or ل fused with it as لل. */
const ARABIC_ARTICLE = /^(?:[وف]?[بك]?ال|[وف]?لل)(?=\p{L}{2})/u;

/** The stem a word's forms share: Snowball for Russian and English, the bare word for Arabic. */
export function stemOf(word: string): string {
  if (CYRILLIC.test(word)) return russian.stem(word);
  if (ARABIC.test(word)) return word.replace(ARABIC_ARTICLE, "");
  if (LATIN.test(word)) return english.stem(word);
  return word;
}

/** One word of a searchable text, with its stem. */
interface IndexedWord {
  word: string;
  stem: string;
}

/** One word of a query: what it matches at the start of an indexed word or stem. */
export interface QueryToken {
  word: string;
  stem: string;
}

export function queryTokens(query: string): QueryToken[] {
  const seen = new Set<string>();
  const tokens: QueryToken[] = [];
  for (const word of searchWords(query)) {
    if (seen.has(word)) continue;
    seen.add(word);
    tokens.push({ word, stem: stemOf(word) });
  }
  return tokens;
}

/** The searchable words of some texts in every language, each once. */
export function indexTexts(texts: Array<I18nText | null | undefined>): IndexedWord[] {
  const seen = new Set<string>();
  const out: IndexedWord[] = [];
  for (const text of texts) {
    if (!text) continue;
    for (const value of Object.values(text)) {
      if (typeof value !== "string") continue;
      for (const word of searchWords(value)) {
        if (seen.has(word)) continue;
        seen.add(word);
        out.push({ word, stem: stemOf(word) });
      }
    }
  }
  return out;
}

function tokenMatches(token: QueryToken, words: IndexedWord[]): boolean {
  for (const w of words) {
    // The typed word is the start of a word ("ком" -> "комедии"), or both are forms of one
    // stem ("комедия" and "комедии" share "комед"); the Arabic stem drops the article.
    if (w.word.startsWith(token.word) || w.stem.startsWith(token.stem) || w.stem.startsWith(token.word)) return true;
  }
  return false;
}

/** What an event is found by: its title's words apart from its place's and persons'. */
export interface EventSearchIndex {
  title: IndexedWord[];
  other: IndexedWord[];
}

/**
 * How well an event matches: 0 when its title holds every query word, 1 when every word
 * matches in the title, place or persons together, null when some word matches nowhere.
 */
export function matchRank(index: EventSearchIndex, tokens: QueryToken[]): 0 | 1 | null {
  let inTitle = true;
  for (const token of tokens) {
    if (tokenMatches(token, index.title)) continue;
    inTitle = false;
    if (!tokenMatches(token, index.other)) return null;
  }
  return inTitle ? 0 : 1;
}
