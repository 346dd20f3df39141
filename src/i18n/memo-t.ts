/**
 * Remembered translations (issue 22: the server render; issue 18: hydration).
 *
 * A plain `t("key")` walks i18next's whole translate path every time: key and namespace
 * parsing, resource lookups with fallbacks, interpolation and nesting passes over the result.
 * That was 14% of the server render's CPU (about 1.3 ms of an event page's 9 ms, measured with
 * `node --cpu-prof` on Gatsby's renderer over the sample's event pages), for a few hundred
 * calls a page that ask the same few dozen keys.
 *
 * A page's i18next instance never changes its translations (the i18n plugin keeps one per
 * language and translations, patches/gatsby-plugin-react-i18next+3.0.1.patch), so a plain
 * call, a string key with no options but the language, namespace and key prefix a
 * `useTranslation` adds, always gives the same text. This keeps those texts per instance.
 * A call with anything else (count, context, interpolation values, a default value,
 * returnObjects) goes to i18next as before, and the remembered texts are forgotten whenever
 * the instance's language or resources change.
 */
import type { i18n as I18n, TFunction } from "i18next";

const memoized = new WeakSet<I18n>();

/** the options react-i18next's fixed `t` adds to every call, and nothing else */
const PLAIN_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

function plainScope(options: unknown): string | null {
  if (options === undefined) return "";
  if (options === null || typeof options !== "object" || Array.isArray(options)) return null;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (!PLAIN_OPTIONS.has(name)) return null;
    if (value === undefined || value === null) continue;
    if (typeof value === "string") parts.push(`${name}=${value}`);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string"))
      parts.push(`${name}=${value.join(",")}`);
    else return null;
  }
  return parts.sort().join("&");
}

/** Makes `i18n.t` remember the text of each plain call; once per instance. */
export function memoizeTranslations(i18n: I18n): void {
  if (memoized.has(i18n)) return;
  memoized.add(i18n);
  const translate = i18n.t.bind(i18n) as (...args: unknown[]) => unknown;
  const texts = new Map<string, string>();
  const forget = () => texts.clear();
  for (const event of ["languageChanged", "loaded"]) i18n.on(event, forget);
  // resources are added and removed on the store, which tells its own listeners
  for (const event of ["added", "removed"] as const) i18n.store?.on(event, forget);
  const t = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    const scope = typeof key === "string" && rest.length === 0 ? plainScope(options) : null;
    if (scope === null) return translate(key, options, ...rest);
    const id = `${i18n.language}\u0000${scope}\u0000${key}`;
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (typeof text === "string") texts.set(id, text);
    return text;
  };
  i18n.t = t as TFunction;
}
