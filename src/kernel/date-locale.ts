/**
 * The browser's date-fns locales, one webpack chunk per language: a page loads its own
 * language's before it hydrates (gatsby-browser.tsx's onClientEntry, which Gatsby awaits), so
 * its first render writes dates as the server did; a link into another language loads that
 * one before it navigates (src/i18n/link.tsx). English comes with date-fns itself.
 */
import type { Locale } from "date-fns";
import type { Lang } from "../core/catalogue";
import { hasDateLocale, registerDateLocale } from "../core/format";
import { languageOfPath } from "../core/routes";

const LOADERS: Record<Exclude<Lang, "en">, () => Promise<Locale>> = {
  ru: () => import(/* webpackChunkName: "date-locale-ru" */ "date-fns/locale/ru").then((m) => m.ru),
  ar: () => import(/* webpackChunkName: "date-locale-ar" */ "date-fns/locale/ar").then((m) => m.ar),
};

const loading = new Map<Lang, Promise<void>>();

/**
 * Resolves once `lang`'s dates can be written in its own locale. Never rejects: a chunk that
 * does not load leaves the Intl-based fallback of src/core/format.ts, and a later call tries again.
 */
export function loadDateLocale(lang: Lang): Promise<void> {
  if (lang === "en" || hasDateLocale(lang)) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then(
      (locale) => registerDateLocale(lang, locale),
      () => {
        loading.delete(lang);
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/** The locale of the language a site path is in ("/ar/events/" -> ar). */
export function loadDateLocaleOf(path: string): Promise<void> {
  return loadDateLocale(languageOfPath(path));
}
