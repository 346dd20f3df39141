/**
 * schema.org Event as search engines want it for event rich results. Pure: the event
 * template calls it in its Head (server render and browser), so no Node-only imports.
 */
import type { EventDetail, EventStatus } from "../core/catalogue";
import { htmlToText } from "../core/html-to-text";
import type { PersonSummary, PlaceSummary } from "../core/page-context";

const STATUS: Record<EventStatus, string> = {
  on_sale: "https://schema.org/EventScheduled",
  sold_out: "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
  postponed: "https://schema.org/EventPostponed",
};

export interface EventJsonLdInput {
  event: EventDetail;
  place: PlaceSummary | null;
  persons: PersonSummary[];
  /** absolute URL of this event page */
  url: string;
  /** absolute URLs of the place and person pages, when linked */
  placeUrl?: string;
  personUrl?: (id: number) => string;
  organizer: { name: string; url: string };
  /** ISO date-time from which tickets are on sale, if known */
  validFrom?: string;
}

export type JsonLd = Record<string, unknown>;

const MAX_DESCRIPTION = 5000;

export function eventJsonLd(input: EventJsonLdInput): JsonLd {
  const { event, place } = input;
  const description = event.shortDescription ?? (event.descriptionHtml ? htmlToText(event.descriptionHtml) : null);
  const ld: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    startDate: event.startedAt,
    eventStatus: STATUS[event.status],
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: input.url,
    location: {
      "@type": "Place",
      name: event.place.title,
      ...(input.placeUrl ? { url: input.placeUrl } : {}),
      address: {
        "@type": "PostalAddress",
        ...(place?.address ? { streetAddress: place.address } : {}),
        addressLocality: event.location.title,
        addressCountry: "AE",
      },
      ...(place?.latitude != null && place.longitude != null
        ? { geo: { "@type": "GeoCoordinates", latitude: place.latitude, longitude: place.longitude } }
        : {}),
    },
    organizer: { "@type": "Organization", name: input.organizer.name, url: input.organizer.url },
  };
  if (event.finishedAt) ld.endDate = event.finishedAt;
  if (event.image) ld.image = [event.image.url];
  if (description) ld.description = description.slice(0, MAX_DESCRIPTION);
  if (input.persons.length > 0) {
    ld.performer = input.persons.map((person) => ({
      "@type": "Person",
      name: person.title,
      ...(input.personUrl ? { url: input.personUrl(person.id) } : {}),
    }));
  }
  if (event.minPrice !== null && event.currencyCode) {
    ld.offers = {
      "@type": "Offer",
      price: event.minPrice,
      priceCurrency: event.currencyCode.toUpperCase(),
      availability: event.status === "sold_out" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url: input.url,
      ...(input.validFrom ? { validFrom: input.validFrom } : {}),
    };
  }
  return ld;
}

/**
 * The text for <script type="application/ld+json">: "<" escaped so a title containing
 * "</script>" cannot end the element early.
 */
export function jsonLdText(ld: JsonLd): string {
  return JSON.stringify(ld)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
