/**
 * What gatsby-plugin-react-i18next gets for `i18next` in the browser (gatsby-node.ts): an
 * instance that answers the page's first render from the page's own resources, and hands every
 * call to a real i18next instance from the browser's first idle moment on (issue 36).
 *
 * i18next is 14.5 KB gzipped, evaluated before the page can hydrate; the texts of a first
 * render need a small part of it: keys with namespaces and fallbacks, `{{value}}`
 * interpolation, plural suffixes through Intl.PluralRules (compatibilityJSON v4), context
 * suffixes, default values and returnObjects. That part is here, with i18next's rules (its
 * Translator's order of namespaces, languages and suffixes); tests/unit/i18n-start-up-i18next
 * .test.ts compares it with i18next on every key of every namespace in every language. Once the
 * real instance is there it translates, so nothing the site's texts start to use later
 * (nesting, formatting) depends on this part; the server render and `Head` use i18next itself.
 */
import type { i18n as I18n, InitOptions, Resource } from "i18next";
import { whenIdle } from "../kernel/when-idle";

type Options = Record<string, unknown>;
type Listener = (...args: unknown[]) => void;

const RTL_LANGUAGES = new Set(["ar", "he", "fa", "ur", "ps", "dv", "ckb", "yi", "ug"]);

/** A value as i18next writes it into a text (its makeString). */
function asText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

function valueAt(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Options)[part];
  }
  return node;
}

class Events {
  private readonly listeners = new Map<string, Set<Listener>>();

  on(events: string, listener: Listener): this {
    for (const event of events.split(" ")) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)?.add(listener);
    }
    return this;
  }

  off(event: string, listener?: Listener): void {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

class StartUpI18n extends Events {
  options: Options = {};
  language = "";
  languages: string[] = [];
  resolvedLanguage = "";
  isInitialized = false;
  readonly store = new Events() as Events & { data: Resource };
  /** set by react-i18next's useTranslation */
  reportNamespaces?: unknown;
  private real: I18n | null = null;
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  init(options: InitOptions, callback?: () => void): this {
    // react-i18next asks an i18next whose options carry ignoreJSONStructure (one of i18next's
    // defaults) through hasLoadedNamespace, and an older one through its resource bundles
    this.options = { ignoreJSONStructure: true, ...options } as Options;
    this.store.data = (options.resources ?? {}) as Resource;
    this.setLanguage(String(options.lng ?? ""));
    this.isInitialized = true;
    this.emit("initialized", this.options);
    callback?.();
    whenIdle(() => void this.loadI18next());
    return this;
  }

  /** i18next itself, with the same resources; from then on it answers every call. */
  private async loadI18next(): Promise<void> {
    const { default: i18next } = await import(/* webpackChunkName: "i18next" */ "i18next");
    const real = i18next.createInstance();
    await real.init({ ...this.options, resources: this.store.data, lng: this.language, initImmediate: false });
    this.real = real;
  }

  /**
   * What react-i18next's Trans asks of i18next besides t: its interpolator, for the values inside
   * a text's markup (checkout, order pages and the scanner render Trans, maybe before the first idle
   * moment). i18next's own once it is there; until then the same `{{name}}` interpolation as t's.
   */
  get services(): Pick<I18n["services"], "interpolator"> {
    if (this.real) return this.real.services;
    const interpolate = (text: string, data: Options) => this.interpolate(text, data ?? {});
    return { interpolator: { interpolate } as unknown as I18n["services"]["interpolator"] };
  }

  changeLanguage(lng: string): Promise<unknown> {
    this.setLanguage(lng);
    const changed = this.real ? this.real.changeLanguage(lng) : Promise.resolve();
    this.emit("languageChanged", lng);
    return changed;
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.resolvedLanguage = lng;
    this.languages = this.codes(lng);
  }

  /** the language, then the fallback languages, each once (i18next's toResolveHierarchy) */
  private codes(lng: string): string[] {
    const fallback = this.options.fallbackLng;
    const fallbacks = Array.isArray(fallback) ? fallback : fallback ? [fallback] : [];
    return [...new Set([lng, ...fallbacks.map(String)].filter(Boolean))];
  }

  hasLoadedNamespace(): boolean {
    // no backend: whatever the page brought is all there is, as i18next answers without one
    return this.isInitialized;
  }

  dir(lng?: string): "rtl" | "ltr" {
    const code = (lng || this.language).split("-")[0] ?? "";
    return RTL_LANGUAGES.has(code) ? "rtl" : "ltr";
  }

  exists(key: string, options: Options = {}): boolean {
    return this.resolve(key, options).found !== undefined;
  }

  getFixedT(lng: string | string[] | null, ns?: string | string[], keyPrefix?: string) {
    const fixedT = (key: string | string[], opts?: unknown, ...rest: unknown[]): unknown => {
      const options: Options = typeof opts === "object" && opts !== null ? { ...opts } : overloaded(opts, rest);
      options.lng = options.lng || (typeof lng === "string" ? lng : undefined);
      options.lngs = options.lngs || (Array.isArray(lng) ? lng : undefined);
      options.ns = options.ns || ns;
      options.keyPrefix = options.keyPrefix || keyPrefix;
      const prefix = options.keyPrefix ? `${options.keyPrefix}${this.keySeparator()}` : "";
      return this.t(Array.isArray(key) ? key.map((k) => prefix + k) : prefix + key, options);
    };
    return fixedT;
  }

  t(keys: unknown, opts?: unknown, ...rest: unknown[]): unknown {
    if (this.real) return (this.real.t as (...args: unknown[]) => unknown)(keys, opts, ...rest);
    const options: Options = typeof opts === "object" && opts !== null ? { ...opts } : overloaded(opts, rest);
    if (keys === undefined || keys === null) return "";
    const list = Array.isArray(keys) ? keys.map(String) : [String(keys)];
    const last = this.split(list[list.length - 1] ?? "", options);
    const lng = String(options.lng || this.language);
    let found: unknown;
    let usedKey = last.key;
    for (const candidate of list) {
      const resolved = this.resolve(candidate, options);
      usedKey = resolved.key;
      found = resolved.found;
      if (found !== undefined) break;
    }
    if (found !== null && typeof found === "object") {
      if (!options.returnObjects && !this.options.returnObjects)
        return `key '${last.key} (${this.language})' returned an object instead of string.`;
      const copy: Options | unknown[] = Array.isArray(found) ? [] : {};
      for (const name of Object.keys(found)) {
        const deepKey = `${usedKey}${this.keySeparator()}${name}`;
        let text = this.t(deepKey, { ...options, joinArrays: false, ns: last.namespaces });
        if (text === deepKey) text = (found as Options)[name];
        (copy as Options)[name] = text;
      }
      return copy;
    }
    if (typeof found === "number" || typeof found === "boolean") return found;
    if (found === undefined) {
      const suffix = this.pluralCounted(options) ? this.pluralSuffix(lng, options.count as number) : "";
      const defaultValue = options[`defaultValue${suffix}`] || options.defaultValue;
      found =
        "defaultValue" in options || Object.keys(options).some((k) => k.startsWith("defaultValue_"))
          ? defaultValue
          : undefined;
      if (!this.valid(found)) found = last.key;
    }
    return this.interpolate(String(found), options);
  }

  private keySeparator(): string {
    return String(this.options.keySeparator || ".");
  }

  /** "ns:key" into its namespace and key; the namespaces of the options or the default otherwise */
  private split(key: string, options: Options): { key: string; namespaces: string[] } {
    const nsSeparator = String(options.nsSeparator ?? this.options.nsSeparator ?? ":");
    let namespaces: unknown = options.ns || this.options.defaultNS || [];
    let rest = key;
    if (nsSeparator && key.includes(nsSeparator)) {
      const parts = key.split(nsSeparator);
      namespaces = parts.shift();
      rest = parts.join(this.keySeparator());
    }
    return { key: rest, namespaces: typeof namespaces === "string" ? [namespaces] : (namespaces as string[]) };
  }

  private pluralCounted(options: Options): boolean {
    return options.count !== undefined && typeof options.count !== "string";
  }

  private pluralSuffix(lng: string, count: number): string {
    let rules = this.pluralRules.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      this.pluralRules.set(lng, rules);
    }
    return `_${rules.select(count)}`;
  }

  private valid(value: unknown): boolean {
    return value !== undefined && value !== null;
  }

  /** i18next's Translator.resolve: namespaces, then languages, then the most specific key first */
  private resolve(candidate: string, options: Options): { key: string; found: unknown } {
    const { key, namespaces } = this.split(candidate, options);
    const fallbackNS = this.options.fallbackNS;
    const allNamespaces = fallbackNS ? namespaces.concat(fallbackNS as string[]) : namespaces;
    const counted = this.pluralCounted(options);
    const zero = counted && !options.ordinal && options.count === 0;
    const context = options.context;
    const hasContext = (typeof context === "string" || typeof context === "number") && context !== "";
    const codes = Array.isArray(options.lngs)
      ? (options.lngs as string[])
      : this.codes(String(options.lng || this.language));
    for (const ns of allNamespaces) {
      for (const code of codes) {
        const finalKeys = [key];
        const suffix = counted ? this.pluralSuffix(code, options.count as number) : "";
        if (counted) finalKeys.push(key + suffix, ...(zero ? [`${key}_zero`] : []));
        if (hasContext) {
          const contextKey = `${key}_${context}`;
          finalKeys.push(contextKey);
          if (counted) finalKeys.push(contextKey + suffix, ...(zero ? [`${contextKey}_zero`] : []));
        }
        for (let i = finalKeys.length - 1; i >= 0; i--) {
          const found = valueAt(this.store.data[code]?.[ns], finalKeys[i] as string);
          if (this.valid(found)) return { key, found };
        }
      }
    }
    return { key, found: undefined };
  }

  /** `{{name}}` and `{{- name}}` with the options' (or `replace`'s) values; unknown names stay */
  private interpolate(text: string, options: Options): string {
    const data = options.replace && typeof options.replace !== "string" ? (options.replace as Options) : options;
    return text.replace(/\{\{(.+?)\}\}/g, (whole, inner: string) => {
      const name = inner.trim().replace(/^-\s*/, "");
      const value = valueAt(data, name);
      return value === undefined ? whole : asText(value);
    });
  }
}

/** i18next's overloadTranslationOptionHandler: t(key, "default value"), t(key, default, options) */
function overloaded(second: unknown, rest: unknown[]): Options {
  const options: Options = {};
  if (typeof second === "string") options.defaultValue = second;
  const extra = rest.find((value) => typeof value === "object" && value !== null);
  if (extra) Object.assign(options, extra);
  return options;
}

const startUpI18next = {
  createInstance(): I18n {
    return new StartUpI18n() as unknown as I18n;
  },
};

export default startUpI18next;
