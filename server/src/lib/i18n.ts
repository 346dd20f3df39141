import { LANGUAGES, type Lang } from "../../../src/core/catalogue";

/** The languages of the site (the one list is in the core). */
export const LANGS = LANGUAGES;
export type { Lang };

/** A translated text as stored: English always, other languages when written. */
export type I18nText = Partial<Record<Lang, string>> & { en: string };

export function isLang(value: string): value is Lang {
  return (LANGS as readonly string[]).includes(value);
}

/** Drops empty translations so that reading falls back to English. */
export function i18n(text: { en: string; ru?: string; ar?: string }): string {
  const out: Record<string, string> = { en: text.en };
  if (text.ru) out.ru = text.ru;
  if (text.ar) out.ar = text.ar;
  return JSON.stringify(out);
}

export function parseI18n(json: string | null): I18nText | null {
  if (json === null) return null;
  return JSON.parse(json) as I18nText;
}

/** The text in `lang`, falling back to English per field. */
export function pick(text: I18nText, lang: Lang): string;
export function pick(text: I18nText | null, lang: Lang): string | null;
export function pick(text: I18nText | null, lang: Lang): string | null {
  if (text === null) return null;
  const value = text[lang];
  return value !== undefined && value !== "" ? value : text.en;
}
