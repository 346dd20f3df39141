/**
 * "Add to calendar" for one ticket's session, made in the browser: the ticket's own
 * session time (an event may have several), the venue and its address, and the ticket
 * code and order number in the description, so the calendar entry is a ticket reminder.
 */
import { escapeText, foldLine, utcStamp } from "../core/ics";
import type { TicketView } from "./ticket-view";

const CRLF = "\r\n";
const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

export function ticketIcs(
  ticket: TicketView,
  options: { url: string; uidDomain: string; stamp: string; lang: string },
): string | null {
  if (!ticket.startedAt) return null;
  // the session's own end when the catalogue gives one (a festival pass spans its days)
  const end = ticket.endsAt ?? new Date(new Date(ticket.startedAt).getTime() + DEFAULT_DURATION_MS).toISOString();
  const location = [ticket.venue?.title, ticket.venue?.address].filter(Boolean).join(", ");
  const description = [`${ticket.category} · ${ticket.code}`, ticket.orderNumber, options.url].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//UAE Tickets//Tickets//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:ticket-${ticket.code}@${options.uidDomain}`,
    `DTSTAMP:${utcStamp(options.stamp)}`,
    `DTSTART:${utcStamp(ticket.startedAt)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY;LANGUAGE=${options.lang}:${escapeText(ticket.eventTitle)}`,
    ...(location ? [`LOCATION;LANGUAGE=${options.lang}:${escapeText(location)}`] : []),
    `DESCRIPTION;LANGUAGE=${options.lang}:${escapeText(description)}`,
    `URL:${options.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

export function icsFileName(ticket: TicketView): string {
  return `ticket-${ticket.code.replace(/[^A-Za-z0-9-]/g, "")}.ics`;
}
