import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { eventJsonLd, jsonLdText } from "../../src/site/json-ld";
import { domainEvent } from "./support/catalogue-fixture";

const base = {
  place: {
    id: 1,
    title: "Coca-Cola Arena",
    address: "Sheikh Zayed Road",
    location: { id: 1, title: "Dubai" },
    latitude: 25.2,
    longitude: 55.3,
    image: null,
  },
  persons: [{ id: 5, title: "Singer", image: null }],
  url: "https://tickets.example/events/7/",
  placeUrl: "https://tickets.example/places/1/",
  personUrl: (id: number) => `https://tickets.example/persons/person/${id}/`,
  organizer: { name: "UAE Tickets", url: "https://tickets.example/" },
};

describe("schema.org Event JSON-LD", () => {
  it("has what event rich results need", () => {
    const ld = eventJsonLd({ ...base, event: domainEvent(7) });
    assert.equal(ld["@context"], "https://schema.org");
    assert.equal(ld["@type"], "Event");
    assert.equal(ld.name, "Event 7");
    assert.equal(ld.startDate, "2026-12-12T20:00:00+04:00");
    assert.equal(ld.endDate, "2026-12-12T23:00:00+04:00");
    assert.equal(ld.eventStatus, "https://schema.org/EventScheduled");
    assert.equal(ld.eventAttendanceMode, "https://schema.org/OfflineEventAttendanceMode");
    assert.deepEqual(ld.location, {
      "@type": "Place",
      name: "Coca-Cola Arena",
      url: "https://tickets.example/places/1/",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Sheikh Zayed Road",
        addressLocality: "Dubai",
        addressCountry: "AE",
      },
      geo: { "@type": "GeoCoordinates", latitude: 25.2, longitude: 55.3 },
    });
    assert.deepEqual(ld.image, ["https://img.example/1.jpg"]);
    assert.equal(ld.description, "Long description");
    assert.deepEqual(ld.performer, [
      { "@type": "Person", name: "Singer", url: "https://tickets.example/persons/person/5/" },
    ]);
    assert.deepEqual(ld.offers, {
      "@type": "Offer",
      price: 150,
      priceCurrency: "AED",
      availability: "https://schema.org/InStock",
      url: "https://tickets.example/events/7/",
    });
    assert.deepEqual(ld.organizer, { "@type": "Organization", name: "UAE Tickets", url: "https://tickets.example/" });
  });

  it("marks cancelled, postponed and sold-out events", () => {
    assert.equal(
      eventJsonLd({ ...base, event: domainEvent(1, { status: "cancelled" }) }).eventStatus,
      "https://schema.org/EventCancelled",
    );
    assert.equal(
      eventJsonLd({ ...base, event: domainEvent(1, { status: "postponed" }) }).eventStatus,
      "https://schema.org/EventPostponed",
    );
    const soldOut = eventJsonLd({ ...base, event: domainEvent(1, { status: "sold_out" }) });
    assert.equal((soldOut.offers as { availability: string }).availability, "https://schema.org/SoldOut");
  });

  it("leaves out what the catalogue does not give", () => {
    const ld = eventJsonLd({
      ...base,
      persons: [],
      event: domainEvent(1, { finishedAt: null, image: null, minPrice: null, descriptionHtml: null }),
    });
    for (const key of ["endDate", "image", "offers", "performer", "description"]) assert.equal(key in ld, false, key);
  });

  it("describes in plain text, never HTML", () => {
    const ld = eventJsonLd({
      ...base,
      event: domainEvent(1, { descriptionHtml: "<p>Doors &amp; bar</p><ul><li>one</li></ul>" }),
    });
    assert.equal(ld.description, "Doors & bar\none");
  });

  it("serializes so a hostile title cannot close the script element", () => {
    const text = jsonLdText(
      eventJsonLd({ ...base, event: domainEvent(1, { title: "</script><script>alert(1)</script>" }) }),
    );
    assert.doesNotMatch(text, /<\/script>/i);
    assert.equal((JSON.parse(text) as { name: string }).name, "</script><script>alert(1)</script>");
  });
});
