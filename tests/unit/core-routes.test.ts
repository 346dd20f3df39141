/**
 * The route module (src/core/routes.ts): languages, localized paths, the path builders, the
 * client-only routes, and that the page plan creates exactly the routes it lists.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  absoluteUrl,
  asLang,
  CLIENT_ONLY_ROUTES,
  clientOnlyRouteOf,
  directionOf,
  href,
  isLang,
  LANGUAGE_INFO,
  LANGUAGES,
  languageOfPath,
  localize,
  notFoundFile,
  notFoundFileFor,
  ROUTES,
  recordRouteOf,
  unlocalize,
  withQuery,
} from "../../src/core/routes";
import { planPages } from "../../src/sourcing/plan-pages";
import { assertTable } from "./support/cases";
import { fixtureSnapshot } from "./support/catalogue-fixture";

describe("route module", () => {
  it("puts English at the root and the other languages under their prefix", () => {
    assert.equal(localize("/events/1/", "en"), "/events/1/");
    assert.equal(localize("/events/1/", "ru"), "/ru/events/1/");
    assert.equal(localize("events/1/", "ar"), "/ar/events/1/");
    assert.equal(localize("/", "ar"), "/ar/");
    for (const lang of LANGUAGES) assert.equal(unlocalize(localize(href.person(7), lang)), href.person(7));
    assert.equal(unlocalize("/ru"), "/");
  });

  it("reads the language from the path, and only a real prefix counts", () => {
    assertTable(languageOfPath, [
      ["/ru/events/", "ru"],
      ["/ar", "ar"],
      ["/events/", "en"],
      ["/russia/", "en"],
      ["/en/order/bill/1/", "en"],
    ]);
    assert.equal(directionOf("ar"), "rtl");
    assert.equal(directionOf("ru"), "ltr");
    assert.equal(isLang("fr"), false);
    assert.equal(asLang("fr"), "en");
    assert.equal(asLang("ru"), "ru");
  });

  it("builds every page path with a trailing slash and encodes ids", () => {
    assert.equal(href.event(12), "/events/12/");
    assert.equal(href.place(3), "/places/3/");
    assert.equal(href.person(4), "/persons/person/4/");
    assert.equal(href.news(5), "/news/5/");
    assert.equal(href.orderPay("a/b"), "/order/pay/a%2Fb/");
    assert.equal(href.orderBill(9), "/order/bill/9/");
    assert.equal(href.eventsSearch("q=jazz"), "/events/search/?q=jazz");
    assert.equal(href.ics(2, "ar"), "/ics/event-2-ar.ics");
    assert.equal(href.eventsSearchFor("  jazz night "), "/events/search/?q=jazz%20night");
    assert.equal(href.eventsSearchFor(" "), "/events/search/");
    for (const route of Object.values(ROUTES)) assert.ok(route.path.endsWith("/"), route.path);
  });

  it("lists the client-only routes of every language, longest first", () => {
    const paths = CLIENT_ONLY_ROUTES.map((r) => r.path);
    for (const lang of LANGUAGES) {
      for (const original of ["/order/pay/", "/order/bill/", "/order/"])
        assert.ok(paths.includes(localize(original, lang)), `${lang} ${original}`);
    }
    assert.ok(paths.includes("/en/order/bill/"));
    assert.deepEqual(
      paths.map((p) => p.length),
      [...paths.map((p) => p.length)].sort((a, b) => b - a),
    );
    assert.equal(clientOnlyRouteOf("/ru/order/pay/12")?.template, "order-pay.tsx");
    assert.equal(clientOnlyRouteOf("/ru/order/anything/")?.template, "order-not-found.tsx");
    assert.equal(clientOnlyRouteOf("/ru/events/"), undefined);
  });

  it("names the 404 page of each language", () => {
    assertTable(notFoundFile, [
      ["en", "/404.html"],
      ["ru", "/ru/404/index.html"],
    ]);
    assertTable(notFoundFileFor, [
      ["/ar/x/y", "/ar/404/index.html"],
      ["/x/y", "/404.html"],
    ]);
  });

  it("tells a one-record page by the table's :id paths, in any language", () => {
    assertTable(recordRouteOf, [
      [localize(href.event(12), "ru"), "event"],
      [href.person(3), "person"],
      [localize(href.news(5), "ar"), "news"],
      [href.place(7), "place"],
      [href.events(), undefined],
      ["/events/12/extra/", undefined],
      ["/events/x/", undefined],
    ]);
  });

  it("is what the page plan builds: every route in every language, the client-only ones with their match path", () => {
    const pages = planPages(fixtureSnapshot(), { now: new Date("2026-12-01T08:00:00Z") });
    const templates = new Set(pages.map((p) => p.template));
    for (const route of Object.values(ROUTES)) assert.ok(templates.has(route.template), route.template);
    for (const route of CLIENT_ONLY_ROUTES) {
      const page = pages.find((p) => p.path === route.path);
      assert.equal(page?.matchPath, `${route.path}*`, route.path);
      assert.equal(page?.template, route.template);
    }
    assert.deepEqual(
      pages
        .filter((p) => p.matchPath)
        .map((p) => p.path)
        .sort(),
      CLIENT_ONLY_ROUTES.map((r) => r.path).sort(),
      "no client-only page outside the table",
    );
    for (const page of pages) assert.equal(languageOfPath(page.path), page.context.language, page.path);
  });
});

describe("addresses with a query", () => {
  it("puts an order into the outcome pages' query and nothing when there is none", () => {
    assert.equal(href.orderSuccess("a b&c"), "/order/success/?order=a+b%26c");
    assert.equal(href.orderSuccess(), "/order/success/");
    assert.equal(href.orderFail("7", "cancelled"), "/order/fail/?order=7&reason=cancelled");
    assert.equal(href.paymentSuccess("7"), "/payment/success/?order=7");
    assert.equal(href.orderTickets(), "/order/tickets/");
    assert.equal(href.orderLookup(), "/order/lookup/");
    assert.equal(href.orderLookup("UAE-7K3M9Q"), "/order/lookup/?number=UAE-7K3M9Q");
  });

  it("writes a whole address in a language, whether or not the site URL ends in a slash", () => {
    assert.equal(absoluteUrl("https://tickets.example", href.event(1), "en"), "https://tickets.example/events/1/");
    assert.equal(absoluteUrl("https://tickets.example//", href.event(1), "ru"), "https://tickets.example/ru/events/1/");
    assert.equal(withQuery(href.events(), { when: "weekend", city: undefined }), "/events/?when=weekend");
  });

  it("gives each language its locale and direction in one table", () => {
    assert.deepEqual(
      LANGUAGES.map((lang) => [LANGUAGE_INFO[lang].locale, directionOf(lang)]),
      [
        ["en_US", "ltr"],
        ["ru_RU", "ltr"],
        ["ar_AE", "rtl"],
      ],
    );
  });
});
