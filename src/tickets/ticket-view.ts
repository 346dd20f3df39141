/**
 * What one ticket card shows, made from an order: one view per admitted person. Pure, so
 * the cards on the success, order, bill and printable pages all say the same thing.
 */
import type { ETicket, Order } from "../core/order";

export interface Venue {
  title: string;
  address: string | null;
  mapUrl: string | null;
}

export interface TicketView {
  code: string;
  /** what the QR code holds: the signed payload, or the code on tickets issued before it */
  qr: string;
  index: number;
  count: number;
  eventId: number;
  eventTitle: string;
  /** the session this ticket admits to (ISO, with offset), shown in UAE time */
  startedAt: string | null;
  /** when that session ends, or a multi-day pass stops being valid; null when unknown */
  endsAt: string | null;
  venue: Venue | null;
  category: string;
  holder: string | null;
  orderNumber: string;
}

/**
 * Where a ticket stands in the order's summary: its event's place among the order's events,
 * then its line's (category and session) place in that event, so the tickets read in the
 * summary's order whatever order the server issued them in.
 */
function summaryRank(order: Order, ticket: ETicket): [number, number] {
  const groupIndex = order.events.findIndex((g) => g.event.id === ticket.eventId);
  const lines = order.events[groupIndex]?.tickets ?? [];
  const sameLine = lines.findIndex(
    (line) => line.id === ticket.ticketId && (ticket.startedAt === null || line.startedAt === ticket.startedAt),
  );
  const lineIndex = sameLine >= 0 ? sameLine : lines.findIndex((line) => line.id === ticket.ticketId);
  return [groupIndex < 0 ? Number.MAX_SAFE_INTEGER : groupIndex, lineIndex < 0 ? Number.MAX_SAFE_INTEGER : lineIndex];
}

/** The order's tickets in the summary's order (stable: the server's order within a line). */
export function inSummaryOrder(order: Order): ETicket[] {
  const ranked = order.tickets.map((ticket, position) => ({ ticket, position, rank: summaryRank(order, ticket) }));
  ranked.sort((x, y) => x.rank[0] - y.rank[0] || x.rank[1] - y.rank[1] || x.position - y.position);
  return ranked.map((r) => r.ticket);
}

export function ticketViews(order: Order, venues: ReadonlyMap<number, Venue>): TicketView[] {
  const count = order.tickets.length;
  return inSummaryOrder(order).map((ticket, index) => {
    const group = order.events.find((g) => g.event.id === ticket.eventId);
    const place = group?.event.place ?? null;
    return {
      code: ticket.code,
      qr: ticket.qr ?? ticket.code,
      index: index + 1,
      count,
      eventId: ticket.eventId,
      eventTitle: group?.event.title ?? "",
      startedAt: ticket.startedAt ?? group?.event.startedAt ?? null,
      endsAt: ticket.endsAt ?? null,
      venue: place ? (venues.get(place.id) ?? { title: place.title, address: null, mapUrl: null }) : null,
      category: ticket.title,
      holder: order.name,
      orderNumber: order.number,
    };
  });
}

/** The places an order's tickets are for, to look their addresses up. */
export function placeIds(order: Order): number[] {
  return [...new Set(order.events.map((g) => g.event.place?.id).filter((id): id is number => id !== undefined))];
}
