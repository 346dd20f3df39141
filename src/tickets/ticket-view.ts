/**
 * What one ticket card shows, made from an order: one view per admitted person. Pure, so
 * the cards on the success, order, bill and printable pages all say the same thing.
 */
import type { Order } from "../basket/types";

export interface Venue {
  title: string;
  address: string | null;
  mapUrl: string | null;
}

export interface TicketView {
  code: string;
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

export function ticketViews(order: Order, venues: ReadonlyMap<number, Venue>): TicketView[] {
  const count = order.tickets.length;
  return order.tickets.map((ticket, index) => {
    const group = order.events.find((g) => g.event.id === ticket.eventId);
    const place = group?.event.place ?? null;
    return {
      code: ticket.code,
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
