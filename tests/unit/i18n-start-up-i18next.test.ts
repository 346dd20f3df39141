/**
 * The start-up translator (src/i18n/start-up-i18next.ts) gives the page's first render the
 * texts i18next gives the server render, or hydration would not match: compared with i18next,
 * set up as gatsby-plugin-react-i18next sets it up, on every key of every namespace of every
 * language, plain, with counts (plural suffixes, zero), values, context, default values and
 * returnObjects; and it hands every call to i18next itself once the browser is first idle.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import i18next, { type i18n as I18n, type InitOptions } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import startUpI18next from "../../src/i18n/start-up-i18next";
import { Trans } from "../../src/i18n/trans";

// whenIdle falls back to a timer where there is no requestIdleCallback: Node, here
(globalThis as { window?: unknown }).window ??= globalThis;

const LOCALES = join(__dirname, "../../locales");
const LANGUAGES = readdirSync(LOCALES).sort();
const NAMESPACES = readdirSync(join(LOCALES, "en"))
  .map((file) => file.replace(/\.json$/, ""))
  .sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 22, 101, 1.5];

type Tree = { [key: string]: unknown };

function resourcesOf(lng: string): Record<string, Tree> {
  return Object.fromEntries(
    NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), "utf8")) as Tree]),
  );
}

/** every key of a tree, objects included (for returnObjects), with plural keys also without their suffix */
function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = `${prefix}${name}`;
    const own = PLURAL.test(key) ? [key, key.replace(PLURAL, "")] : [key];
    return value && typeof value === "object" ? [...own, ...keysOf(value as Tree, `${key}.`)] : own;
  });
}

/** a value for every `{{name}}` the texts use */
function valuesOf(resources: Record<string, Tree>): Record<string, string> {
  const names = JSON.stringify(resources).match(/\{\{[^}]+\}\}/g) ?? [];
  return Object.fromEntries(names.map((whole) => [whole.slice(2, -2).trim().replace(/^-\s*/, ""), "«v»"]));
}

/** as gatsby-plugin-react-i18next's wrapPageElement does, with gatsby-config.ts's options */
function pluginOptions(lng: string, defaultNS: string): InitOptions {
  return {
    ns: NAMESPACES,
    interpolation: { escapeValue: false },
    returnNull: false,
    compatibilityJSON: "v4",
    keySeparator: ".",
    nsSeparator: ":",
    resources: { [lng]: resourcesOf(lng) },
    lng,
    fallbackLng: "en",
    defaultNS,
    fallbackNS: NAMESPACES.filter((ns) => ns !== defaultNS),
    react: { useSuspense: false },
    initImmediate: false,
  };
}

function both(lng: string, defaultNS: string): { real: I18n; startUp: I18n } {
  const real = i18next.createInstance();
  void real.init(pluginOptions(lng, defaultNS));
  const startUp = startUpI18next.createInstance();
  void startUp.init(pluginOptions(lng, defaultNS));
  return { real, startUp };
}

function Tickets() {
  const { t, ready } = useTranslation("common");
  return createElement("p", { "data-ready": String(ready) }, t("nav.events"));
}

/** Texts with values inside their markup, rendered by Trans as checkout renders them */
function Consent() {
  const { t } = useTranslation("forms");
  return createElement("p", null, [
    createElement(Trans, {
      key: "way",
      t,
      i18nKey: "checkout.wayExcluded",
      values: { way: "Tabby", currency: "RUB", accepted: "AED, USD" },
      components: { way: createElement("bdi"), cur: createElement("bdi"), codes: createElement("bdi") },
    }),
    createElement(Trans, {
      key: "consent",
      t,
      i18nKey: "checkout.consent",
      components: { offer: createElement("a"), guarantee: createElement("a") },
    }),
  ]);
}

describe("the start-up translator", () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: gives i18next's text for every key of every namespace`, () => {
      const values = valuesOf(resourcesOf(lng));
      let compared = 0;
      for (const defaultNS of ["pages", "common"]) {
        const { real, startUp } = both(lng, defaultNS);
        for (const ns of NAMESPACES) {
          const keys = keysOf(resourcesOf(lng)[ns] ?? {});
          const fixed = [real.getFixedT(null, ns), startUp.getFixedT(null, ns)] as const;
          const calls: Array<[string, Record<string, unknown> | undefined]> = keys.flatMap((key) => [
            [key, undefined],
            [key, { ...values }],
            [key, { returnObjects: true, ...values }],
            [key, { context: "other", ...values }],
            [`${ns}:${key}`, undefined],
            ...COUNTS.map((count): [string, Record<string, unknown>] => [key, { ...values, count }]),
          ]);
          calls.push(["no.such.key", undefined], ["no.such.key", { defaultValue: "Fallback {{name}}", name: "x" }]);
          for (const [key, options] of calls) {
            assert.deepEqual(
              fixed[1](key, options as never),
              fixed[0](key, options as never),
              `${lng} ${ns}: t(${JSON.stringify(key)}, ${JSON.stringify(options)}) with default namespace ${defaultNS}`,
            );
            compared += 1;
          }
        }
      }
      assert.ok(compared > 1000, `compared ${compared} calls`);
    });
  }

  it("writes the page's direction, language and plural suffixes as i18next does", () => {
    const { real, startUp } = both("ar", "pages");
    assert.equal(startUp.dir(), "rtl");
    assert.equal(startUp.dir("en"), "ltr");
    assert.equal(startUp.language, real.language);
    assert.deepEqual(startUp.languages, real.languages);
    assert.equal(startUp.hasLoadedNamespace("common"), true);
  });

  it("translates through react-i18next's useTranslation, as the page's components do", () => {
    const { real, startUp } = both("ru", "pages");
    const render = (i18n: I18n) => renderToString(createElement(I18nextProvider, { i18n }, createElement(Tickets)));
    assert.equal(render(startUp), render(real));
    assert.match(render(startUp), /data-ready="true"/);
  });

  // checkout, the order pages and the scanner render Trans, whose markup asks i18next's interpolator
  for (const lng of LANGUAGES) {
    it(`${lng}: renders Trans with values inside its markup as i18next does`, () => {
      const { real, startUp } = both(lng, "forms");
      const render = (i18n: I18n) => renderToString(createElement(I18nextProvider, { i18n }, createElement(Consent)));
      assert.equal(render(startUp), render(real));
      assert.match(render(startUp), /Tabby/);
    });
  }

  it("hands every call to i18next itself once the browser is first idle", async () => {
    const startUp = startUpI18next.createInstance();
    void startUp.init({
      ...pluginOptions("en", "pages"),
      resources: { en: { pages: { inner: "inner text", outer: "outer: $t(inner)" } } },
    });
    // nesting is i18next's alone: the start-up translator leaves it as it is
    assert.equal(startUp.t("outer"), "outer: $t(inner)");
    for (let waited = 0; startUp.t("outer") !== "outer: inner text" && waited < 5000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(startUp.t("outer"), "outer: inner text");
    assert.equal(startUp.getFixedT(null, "pages")("outer"), "outer: inner text");
  });
});
