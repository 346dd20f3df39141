/**
 * The editors' page's texts in English, Russian and Arabic (en.json, ru.json, ar.json beside
 * this file), through i18next so plurals follow each language's rules (Russian one/few/many,
 * Arabic zero/one/two/few/many). Interpolated values are HTML-escaped by i18next, so a text
 * can go into the page as it is.
 */
import i18next, { type TFunction } from "i18next";
import ar from "./ar.json";
import en from "./en.json";
import ru from "./ru.json";

export const EDITOR_LANGUAGES = ["en", "ru", "ar"] as const;
export type EditorLang = (typeof EDITOR_LANGUAGES)[number];

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: en }, ru: { translation: ru }, ar: { translation: ar } },
  lng: "en",
  fallbackLng: "en",
  initImmediate: false,
  interpolation: { escapeValue: true },
  returnNull: false,
});

export function textsFor(lang: EditorLang): TFunction {
  return instance.getFixedT(lang);
}

export function isEditorLang(value: unknown): value is EditorLang {
  return typeof value === "string" && (EDITOR_LANGUAGES as readonly string[]).includes(value);
}

/** The language asked for (?lang=, then the cookie, then Accept-Language), English by default. */
export function pickLanguage(
  query: string | null,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): EditorLang {
  if (isEditorLang(query)) return query;
  if (isEditorLang(cookie)) return cookie;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().split(";")[0]?.slice(0, 2).toLowerCase();
    if (isEditorLang(tag)) return tag;
  }
  return "en";
}
