/**
 * The ticket cards read in the order summary's order (event, then its lines), each ticket
 * once, whatever order the server issued them in; the QR code holds the signed payload
 * when there is one.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Order } from "../../src/core/order";
import { qrPayload } from "../../src/core/qr-payload";
import { inSummaryOrder, ticketViews } from "../../src/tickets/ticket-view";

const line = (id: number, title: string, startedAt: string) => ({
  id,
  title,
  price: 10,
  count: 1,
  startedAt,
  serviceFee: 1,
});

const MON = "2026-11-30T19:00:00+04:00";
const TUE = "2026-12-01T11:00:00+04:00";

const order = {
  id: "o1",
  number: "UAE-UH4HQA",
  status: "paid",
  email: "a@example.com",
  name: "Layla",
  events: [
    {
      event: { id: 7, title: "Magic Lab", startedAt: MON, place: null },
      tickets: [line(2, "Child", TUE), line(1, "Adult", MON)],
    },
    { event: { id: 3, title: "Jazz", startedAt: MON, place: null }, tickets: [line(5, "Stalls", MON)] },
  ],
  tickets: [
    { code: "JAZZ-1", eventId: 3, ticketId: 5, title: "Stalls", startedAt: MON },
    { code: "ADULT-1", eventId: 7, ticketId: 1, title: "Adult", startedAt: MON },
    { code: "CHILD-1", eventId: 7, ticketId: 2, title: "Child", startedAt: TUE, qr: "signed.payload" },
    { code: "CHILD-2", eventId: 7, ticketId: 2, title: "Child", startedAt: TUE },
  ],
} as unknown as Order;

test("tickets follow the summary: its events in order, then each event's lines", () => {
  assert.deepEqual(
    inSummaryOrder(order).map((t) => t.code),
    ["CHILD-1", "CHILD-2", "ADULT-1", "JAZZ-1"],
  );
  const views = ticketViews(order, new Map());
  assert.deepEqual(
    views.map((v) => [v.index, v.code]),
    [
      [1, "CHILD-1"],
      [2, "CHILD-2"],
      [3, "ADULT-1"],
      [4, "JAZZ-1"],
    ],
  );
  assert.equal(new Set(views.map((v) => v.code)).size, 4, "each code once");
});

test("the QR code holds the signed payload when the server issued one, else the code", () => {
  const views = ticketViews(order, new Map());
  assert.equal(qrPayload(views[0]!), "signed.payload");
  assert.equal(qrPayload(views[1]!), "CHILD-2");
});
