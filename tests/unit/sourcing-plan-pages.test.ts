import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LANGUAGES } from "../../src/core/catalogue";
import type {
  EventPageContext,
  EventsListPageContext,
  HomePageContext,
  NewsPageContext,
  PlacePageContext,
  PlacesListPageContext,
} from "../../src/core/page-context";
import { localize } from "../../src/core/routes";
import { type PlannedPage, planPages } from "../../src/sourcing/plan-pages";
import { fixtureSnapshot } from "./support/catalogue-fixture";

const NOW = new Date("2026-12-01T08:00:00Z");
const pages = planPages(fixtureSnapshot(), { now: NOW });
/** The ids of a list, in its order: what most planning rules decide. */
const ids = (list: ReadonlyArray<{ id: number }>): number[] => list.map((x) => x.id);
const byPath = new Map(pages.map((p) => [p.path, p]));
const page = <C>(path: string): PlannedPage & { context: C } => {
  const found = byPath.get(path);
  assert.ok(found, `no page at ${path}`);
  return found as PlannedPage & { context: C };
};

const ROUTES = [
  "/",
  "/about/",
  "/cart/",
  "/contacts/",
  "/events/",
  "/events/search/",
  "/guarantee/",
  "/license/",
  "/news/",
  "/offer/",
  "/pay-and-delivery/",
  "/persons/",
  "/places/",
  "/privacy-policy/",
  "/selltickets/",
  "/order/fail/",
  "/order/success/",
  "/payment/success/",
  "/order/lookup/",
  "/order/tickets/",
  "/orders/",
  "/order/checkout/",
  "/order/bill/",
  "/order/pay/",
  "/order/",
  "/404/",
];

describe("page planning", () => {
  it("plans every route in en (no prefix), ru and ar", () => {
    for (const lang of LANGUAGES) {
      for (const route of ROUTES) {
        const p = page(localize(route, lang));
        assert.equal(p.context.language, lang);
        assert.equal(p.context.i18n.language, lang);
        assert.equal(p.context.i18n.originalPath, route);
        assert.equal(p.context.i18n.path, p.path);
        assert.equal(p.context.i18n.routed, lang !== "en");
      }
    }
    assert.ok(byPath.has("/ru/events/search/"));
    assert.ok(!byPath.has("/en/"), "English has no prefix");
  });

  it("gives every path a trailing slash and no path twice", () => {
    assert.equal(new Set(pages.map((p) => p.path)).size, pages.length);
    for (const p of pages) assert.match(p.path, /\/$/, p.path);
  });

  it("plans a detail page for every event, place, person and news item in every language", () => {
    const snapshot = fixtureSnapshot();
    for (const lang of LANGUAGES) {
      const data = snapshot.byLanguage[lang];
      for (const e of data.events)
        assert.equal(page<EventPageContext>(localize(`/events/${e.id}/`, lang)).template, "event.tsx");
      for (const p of data.places) assert.equal(page(localize(`/places/${p.id}/`, lang)).template, "place.tsx");
      for (const p of data.persons)
        assert.equal(page(localize(`/persons/person/${p.id}/`, lang)).template, "person.tsx");
      for (const n of data.news) assert.equal(page(localize(`/news/${n.id}/`, lang)).template, "news.tsx");
    }
    // the archived event still has its page
    assert.ok(byPath.has("/ar/events/4/"));
  });

  it("makes client-only order pages with exactly one language prefix in the matchPath, and no wildcard 404 pages", () => {
    const matchPaths = pages.filter((p) => p.matchPath).map((p) => [p.path, p.matchPath]);
    assert.deepEqual(
      matchPaths.sort(),
      [
        ["/ar/order/", "/ar/order/*"],
        ["/ar/order/bill/", "/ar/order/bill/*"],
        ["/ar/order/pay/", "/ar/order/pay/*"],
        ["/en/order/bill/", "/en/order/bill/*"],
        ["/order/", "/order/*"],
        ["/order/bill/", "/order/bill/*"],
        ["/order/pay/", "/order/pay/*"],
        ["/ru/order/", "/ru/order/*"],
        ["/ru/order/bill/", "/ru/order/bill/*"],
        ["/ru/order/pay/", "/ru/order/pay/*"],
      ].sort(),
    );
    const enBill = page("/en/order/bill/");
    assert.equal(enBill.template, "order-bill.tsx");
    assert.equal(enBill.context.language, "en");
    assert.equal(page("/ru/order/pay/").template, "order-pay.tsx");
    assert.equal(page("/order/").template, "order-not-found.tsx");
  });

  it("serves a 404 page in each language", () => {
    assert.equal(page("/404/").template, "not-found.tsx");
    assert.equal(page("/ru/404/").context.language, "ru");
    assert.equal(page("/ar/404/").context.language, "ar");
  });

  it("keeps cart, order, payment, scanner and 404 pages out of the sitemap, content pages in", () => {
    for (const p of pages) {
      const shouldHide = /\/(cart|order|orders|payment|scan|404)\//.test(p.path);
      assert.equal(p.inSitemap, !shouldHide, p.path);
    }
  });

  it("picks the home page's featured, this week, upcoming, categories and latest news", () => {
    const home = page<HomePageContext>("/ru/").context;
    assert.deepEqual(ids(home.featured), [1]);
    assert.equal(home.featured[0]?.title, "Star ru");
    assert.deepEqual(ids(home.thisWeek), [1], "cancelled and later events are not 'this week'");
    assert.deepEqual(ids(home.upcoming), [5, 2, 3], "soonest first after this week's, finished events left out");
    assert.deepEqual(ids(home.categories), [2], "categories without events left out");
    assert.deepEqual(ids(home.latestNews), [2, 1], "newest first");
  });

  it("lists upcoming events on /events/ as cards: what a card shows and nothing more", () => {
    const list = page<EventsListPageContext>("/events/").context;
    assert.deepEqual(ids(list.events), [1, 5, 2, 3]);
    assert.equal(list.totalCount, 4);
    const cardFields = [
      "ageLimit",
      "currencyCode",
      "eventSourceId",
      "id",
      "image",
      "isStarCast",
      "location",
      "minPrice",
      "place",
      "startedAt",
      "status",
      "title",
    ];
    for (const card of list.events) assert.deepEqual(Object.keys(card).sort(), cardFields, `event ${card.id}`);
    const related = page<EventPageContext>("/events/2/").context.related;
    for (const card of related) assert.deepEqual(Object.keys(card).sort(), cardFields, `related ${card.id}`);
  });

  it("gives an event page its place, persons, related events and .ics path", () => {
    const ctx = page<EventPageContext>("/ar/events/2/").context;
    assert.equal(ctx.id, 2);
    assert.equal(ctx.event.descriptionHtml, "<p>Long description</p>");
    assert.equal(ctx.place?.title, "Coca-Cola Arena");
    assert.deepEqual(
      ctx.persons.map((p) => p.title),
      ["Person 5"],
    );
    assert.deepEqual(ids(ctx.related), [1, 3], "same venue first, then same category; never itself");
    assert.equal(ctx.icsPath, "/ics/event-2-ar.ics");
  });

  it("groups places by city, cities and places by title", () => {
    const ctx = page<PlacesListPageContext>("/places/").context;
    assert.deepEqual(
      ctx.cities.map((c) => c.location.title),
      ["Abu Dhabi", "Dubai"],
    );
    assert.deepEqual(
      ctx.cities[1]?.places.map((p) => p.title),
      ["Alserkal Avenue", "Coca-Cola Arena"],
    );
    const place = page<PlacePageContext>("/places/1/").context;
    assert.deepEqual(ids(place.upcoming), [1, 2]);
  });

  it("links a news item to the events it names that exist", () => {
    assert.deepEqual(ids(page<NewsPageContext>("/news/1/").context.events), [1]);
  });
});
