/**
 * gatsby-plugin-react-i18next wraps every page in an I18nextProvider. Unpatched, it makes and
 * initialises a new i18next instance for each page it wraps: about 0.9 ms a page, which a
 * 37,582-page build pays 37,582 times, and which the browser pays again on every render of
 * the page element. patches/gatsby-plugin-react-i18next+3.0.1.patch keeps one instance per
 * language and translations; this guards what it must keep doing.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { i18n as I18n } from "i18next";
import { isValidElement, type ReactElement } from "react";

const { wrapPageElement } = require("gatsby-plugin-react-i18next/dist/plugin/wrapPageElement") as {
  wrapPageElement(
    args: { element: unknown; props: unknown },
    options: Record<string, unknown>,
  ): ReactElement<{ i18n: I18n }> | null;
};

const NAMESPACES = ["common", "pages", "forms", "tickets"];
const OPTIONS = {
  i18nextOptions: { ns: NAMESPACES, defaultNS: "common", fallbackLng: "en", fallbackNS: ["pages", "forms"] },
  redirect: false,
  siteUrl: "http://127.0.0.1",
  localeJsonNodeName: "locales",
};

/** The props Gatsby hands the plugin for one page: its query's translations (fresh strings each time). */
function pageProps(language: string, path: string, translations?: Record<string, string>) {
  return {
    data: {
      locales: {
        edges: NAMESPACES.map((ns) => ({
          node: {
            ns,
            language,
            data:
              translations?.[ns] ??
              readFileSync(join(__dirname, "../../locales", language, `${ns}.json`), "utf8").concat(" "),
          },
        })),
      },
    },
    pageContext: {
      i18n: { routed: true, language, languages: ["en", "ru", "ar"], originalPath: path, defaultLanguage: "en", path },
    },
    location: { pathname: path, search: "" },
  };
}

function instanceFor(language: string, path: string, translations?: Record<string, string>): I18n {
  const wrapped = wrapPageElement({ element: null, props: pageProps(language, path, translations) }, OPTIONS);
  assert.ok(isValidElement(wrapped), "the page is wrapped in a provider");
  return wrapped.props.i18n;
}

describe("the i18n plugin's page wrapper (patched)", () => {
  it("gives pages of one language the same initialised instance", () => {
    const first = instanceFor("ar", "/ar/events/1/");
    const second = instanceFor("ar", "/ar/places/2/");
    assert.equal(second, first, "the second Arabic page reuses the first page's instance");
    assert.equal(first.language, "ar");
    assert.equal(
      first.t("nav.events"),
      JSON.parse(readFileSync(join(__dirname, "../../locales/ar/common.json"), "utf8")).nav.events,
    );
  });

  it("gives each language its own instance, in that language", () => {
    const en = instanceFor("en", "/events/1/");
    const ru = instanceFor("ru", "/ru/events/1/");
    assert.notEqual(en, ru);
    assert.equal(en.language, "en");
    assert.equal(ru.language, "ru");
    assert.notEqual(en.t("nav.events"), ru.t("nav.events"));
  });

  it("makes a new instance when the translations differ (a rebuild with edited texts)", () => {
    const texts = Object.fromEntries(NAMESPACES.map((ns) => [ns, "{}"]));
    const edited = instanceFor("en", "/", { ...texts, common: JSON.stringify({ nav: { events: "Shows" } }) });
    assert.notEqual(edited, instanceFor("en", "/"));
    assert.equal(edited.t("nav.events"), "Shows");
  });
});
