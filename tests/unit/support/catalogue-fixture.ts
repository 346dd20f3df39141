/** A small catalogue snapshot in domain shape, for planning and output tests. */
import {
  type EventDetail,
  LANGUAGES,
  type Lang,
  type NewsItem,
  type Person,
  type Place,
} from "../../../src/core/catalogue";
import type { CatalogueSnapshot, LanguageSnapshot } from "../../../src/sourcing/source-catalogue";

export function domainEvent(id: number, overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id,
    eventSourceId: 1000 + id,
    title: `Event ${id}`,
    shortDescription: null,
    startedAt: "2026-12-12T20:00:00+04:00",
    finishedAt: "2026-12-12T23:00:00+04:00",
    place: { id: 1, title: "Coca-Cola Arena" },
    hall: null,
    location: { id: 1, title: "Dubai" },
    categories: [{ id: 2, title: "Concerts", typeId: 1 }],
    persons: [{ id: 5, title: "Singer" }],
    labels: [],
    isStarCast: false,
    image: { url: "https://img.example/1.jpg", width: 1200, height: 630, alt: null },
    ageLimit: null,
    status: "on_sale",
    minPrice: 150,
    currencyCode: "AED",
    updatedAt: "2026-11-01T10:00:00+04:00",
    descriptionHtml: "<p>Long description</p>",
    ...overrides,
  };
}

export function domainPlace(id: number, city: { id: number; title: string }, title = `Place ${id}`): Place {
  return {
    id,
    title,
    address: "Sheikh Zayed Road",
    descriptionHtml: null,
    location: city,
    latitude: 25.2,
    longitude: 55.3,
    halls: [],
    image: null,
    updatedAt: "2026-11-01T10:00:00+04:00",
  };
}

export function domainPerson(id: number): Person {
  return { id, title: `Person ${id}`, descriptionHtml: null, image: null, updatedAt: "2026-11-01T10:00:00+04:00" };
}

export function domainNews(
  id: number,
  eventIds: number[],
  publishedAt = "2026-11-0" + ((id % 9) + 1) + "T10:00:00+04:00",
): NewsItem {
  return {
    id,
    title: `News ${id}`,
    lead: null,
    bodyHtml: "<p>Body</p>",
    publishedAt,
    image: null,
    eventIds,
    updatedAt: publishedAt,
  };
}

const DUBAI = { id: 1, title: "Dubai" };
const ABU_DHABI = { id: 2, title: "Abu Dhabi" };

export function fixtureSnapshot(): CatalogueSnapshot {
  const language = (lang: Lang): LanguageSnapshot => ({
    events: [
      domainEvent(1, {
        title: `Star ${lang}`,
        labels: [{ id: 3, title: "Star" }],
        isStarCast: true,
        startedAt: "2026-12-02T20:00:00+04:00",
        finishedAt: null,
      }),
      domainEvent(2, { startedAt: "2026-12-20T20:00:00+04:00", finishedAt: null }),
      domainEvent(3, {
        place: { id: 2, title: "Etihad Arena" },
        location: ABU_DHABI,
        categories: [{ id: 2, title: "Concerts", typeId: 1 }],
        startedAt: "2027-01-05T19:00:00+04:00",
        finishedAt: null,
      }),
      domainEvent(4, { startedAt: "2025-01-05T19:00:00+04:00", finishedAt: "2025-01-05T22:00:00+04:00" }),
      domainEvent(5, {
        place: { id: 3, title: "Other" },
        categories: [{ id: 9, title: "Sport", typeId: 2 }],
        persons: [],
        startedAt: "2026-12-03T10:00:00+04:00",
        finishedAt: null,
        status: "cancelled",
      }),
    ],
    places: [
      domainPlace(1, DUBAI, "Coca-Cola Arena"),
      domainPlace(2, ABU_DHABI, "Etihad Arena"),
      domainPlace(3, DUBAI, "Alserkal Avenue"),
    ],
    persons: [domainPerson(5), domainPerson(6)],
    news: [domainNews(1, [1, 999]), domainNews(2, [])],
    acquisitions: [{ id: 1, title: "Card", type: "card", currencies: ["AED"], feePercent: null, description: null }],
    facets: {
      categoryTypes: [{ id: 1, title: "Music", typeId: null, placeId: null, locationId: null, eventsCount: null }],
      categories: [
        { id: 2, title: "Concerts", typeId: 1, placeId: null, locationId: null, eventsCount: 3 },
        { id: 8, title: "Empty", typeId: 1, placeId: null, locationId: null, eventsCount: 0 },
      ],
      halls: [],
      places: [{ id: 1, title: "Coca-Cola Arena", typeId: null, placeId: null, locationId: 1, eventsCount: 2 }],
      locations: [
        { id: 1, title: "Dubai", typeId: null, placeId: null, locationId: null, eventsCount: 3 },
        { id: 2, title: "Abu Dhabi", typeId: null, placeId: null, locationId: null, eventsCount: 1 },
      ],
      dates: [],
    },
  });
  return {
    landing: {
      id: 1,
      siteUrl: "https://tickets.example",
      languages: ["en", "ru", "ar"],
      mainLang: "en",
      currencies: [],
      languageCurrency: {},
      showCurrencies: false,
    },
    byLanguage: Object.fromEntries(LANGUAGES.map((lang) => [lang, language(lang)])) as Record<Lang, LanguageSnapshot>,
  };
}
