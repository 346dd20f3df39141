/** The one function of snowball-stemmers (a JavaScript port of the Snowball stemmers, shipped without types) the search uses. */
declare module "snowball-stemmers" {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
  export function algorithms(): string[];
}
