import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Order } from "../../src/core/order";
import { href, lookupPrefill } from "../../src/core/routes";
import { QUIET_ZONE, qrMatrix, qrPath } from "../../src/tickets/qr-matrix";
import { icsFileName, ticketIcs } from "../../src/tickets/ticket-ics";
import { placeIds, ticketViews } from "../../src/tickets/ticket-view";
import { unpaidOrder } from "../../src/tickets/unpaid-order";

const order: Order = {
  id: "Zx9longOpaqueId",
  number: "UAE-7K3M9Q",
  status: "paid",
  email: "layla@example.com",
  name: "Layla Haddad",
  lang: "ar",
  currencyCode: "AED",
  events: [
    {
      event: {
        id: 12,
        eventSourceId: 112,
        title: "Opera Gala",
        startedAt: "2026-12-12T20:00:00+04:00",
        place: { id: 3, title: "Dubai Opera" },
      },
      tickets: [],
    },
    {
      event: { id: 14, eventSourceId: 114, title: "Jazz Night", startedAt: "2026-12-13T21:00:00+04:00", place: null },
      tickets: [],
    },
  ],
  total: { price: 600, serviceFee: 30, paymentFee: 0, amount: 630, count: 3 },
  acquisitionId: 1,
  tickets: [
    { code: "UAE-AAAAA-BBBBB", eventId: 12, ticketId: 1, title: "Stalls", startedAt: "2026-12-12T20:00:00+04:00" },
    { code: "UAE-CCCCC-DDDDD", eventId: 12, ticketId: 1, title: "Stalls", startedAt: null },
    { code: "UAE-EEEEE-FFFFF", eventId: 14, ticketId: 7, title: "Standing", startedAt: "2026-12-13T21:00:00+04:00" },
  ],
  createdAt: "2026-11-26T10:00:00+04:00",
  expiresAt: null,
  paidAt: "2026-11-26T10:01:00+04:00",
} as Order;

describe("ticket cards", () => {
  test("one view per admitted person, with the event, session, venue, category, holder and order number", () => {
    const venues = new Map([
      [
        3,
        {
          title: "Dubai Opera",
          address: "Sheikh Mohammed bin Rashid Blvd",
          mapUrl: "https://www.openstreetmap.org/?mlat=25.19",
        },
      ],
    ]);
    const views = ticketViews(order, venues);
    assert.equal(views.length, 3);
    assert.deepEqual(
      views.map((v) => [v.index, v.count, v.code]),
      [
        [1, 3, "UAE-AAAAA-BBBBB"],
        [2, 3, "UAE-CCCCC-DDDDD"],
        [3, 3, "UAE-EEEEE-FFFFF"],
      ],
    );
    assert.equal(views[0]!.venue?.address, "Sheikh Mohammed bin Rashid Blvd");
    assert.equal(views[0]!.eventTitle, "Opera Gala");
    assert.equal(
      views[1]!.startedAt,
      "2026-12-12T20:00:00+04:00",
      "a ticket without its own session time takes the event's",
    );
    assert.equal(views[2]!.venue, null);
    assert.ok(views.every((v) => v.holder === "Layla Haddad" && v.orderNumber === "UAE-7K3M9Q"));
    assert.deepEqual(placeIds(order), [3]);
  });

  test("a venue the catalogue did not answer for still shows its title", () => {
    assert.deepEqual(ticketViews(order, new Map())[0]!.venue, { title: "Dubai Opera", address: null, mapUrl: null });
  });

  test("the calendar entry is the ticket's own session, in UTC, with the code", () => {
    const [first, second] = ticketViews(order, new Map());
    const ics = ticketIcs(first!, {
      url: "https://tickets.example/ar/",
      uidDomain: "tickets.example",
      stamp: "2026-11-26T06:00:00Z",
      lang: "ar",
    });
    assert.ok(ics);
    assert.match(ics, /DTSTART:20261212T160000Z\r\n/);
    assert.match(ics, /DTEND:20261212T180000Z\r\n/);
    assert.match(ics, /UID:ticket-UAE-AAAAA-BBBBB@tickets.example/);
    assert.match(ics, /SUMMARY;LANGUAGE=ar:Opera Gala/);
    assert.match(ics, /UAE-7K3M9Q/);
    assert.ok(ics.endsWith("END:VCALENDAR\r\n"));
    assert.equal(icsFileName(second!), "ticket-UAE-CCCCC-DDDDD.ics");
  });
});

describe("QR code", () => {
  test("the SVG path has one square per dark module, inside a four-module quiet zone", async () => {
    const matrix = await qrMatrix("UAE-AAAAA-BBBBB");
    const dark = Array.from(matrix.data).filter(Boolean).length;
    const { path, viewBox } = qrPath(matrix);
    assert.equal(viewBox, matrix.size + 2 * QUIET_ZONE);
    assert.equal(path.match(/M/g)?.length, dark);
    // the top-left finder pattern starts right after the quiet zone
    assert.ok(path.startsWith(`M${QUIET_ZONE} ${QUIET_ZONE}h1v1h-1z`));
  });
});

describe("order lookup links and the unpaid-order reminder", () => {
  test("the lookup link carries the number in the query and the e-mail only in the fragment", () => {
    const path = href.orderLookup("UAE-7K3M9Q", "a+b@example.com");
    assert.equal(path, "/order/lookup/?number=UAE-7K3M9Q#email=a%2Bb%40example.com");
    const [search, hash] = [path.slice(path.indexOf("?"), path.indexOf("#")), path.slice(path.indexOf("#"))];
    assert.deepEqual(lookupPrefill(search, hash), { number: "UAE-7K3M9Q", email: "a+b@example.com" });
    assert.deepEqual(lookupPrefill("", ""), { number: "", email: "" });
    assert.equal(href.orderTickets("a/b"), "/order/tickets/?order=a%2Fb");
  });

  test("the reminder picks the open order that ends first, never a paid or expired one", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    const orders = [
      { id: "paid", status: "paid", expiresAt: null },
      { id: "late", status: "awaiting_payment", expiresAt: "2026-11-28T10:00:00Z" },
      { id: "soon", status: "failed", expiresAt: "2026-11-26T10:20:00Z" },
      { id: "gone", status: "awaiting_payment", expiresAt: "2026-11-26T09:59:00Z" },
      { id: "x", status: "expired", expiresAt: "2026-11-26T11:00:00Z" },
    ];
    assert.equal(unpaidOrder(orders, now)?.id, "soon");
    assert.equal(
      unpaidOrder(
        orders.filter((o) => o.id !== "soon" && o.id !== "late"),
        now,
      ),
      null,
    );
  });
});
