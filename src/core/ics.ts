/**
 * "Add to calendar": one iCalendar file (RFC 5545) per event and language, written into
 * public/ at build time. Pure text in, text out.
 */

import type { EventDetail, Lang } from "./catalogue";
import { htmlToText } from "./html-to-text";
import type { SessionTimes } from "./sessions";

const CRLF = "\r\n";

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Content lines longer than 75 octets are folded (RFC 5545 3.1): CRLF and one space, never
 * inside a multi-byte UTF-8 character (Arabic and Cyrillic titles are 2 bytes a letter).
 */
export function foldLine(line: string): string {
  if (line.length <= 75 && !/[^\x00-\x7f]/.test(line)) return line;
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  let limit = 75;
  let i = 0;
  while (i < line.length) {
    const codePoint = line.codePointAt(i) as number;
    const units = codePoint > 0xffff ? 2 : 1;
    const size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    if (bytes + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      bytes = 0;
      limit = 74; // continuation lines start with a space
    }
    bytes += size;
    i += units;
  }
  parts.push(line.slice(start));
  return parts.join(`${CRLF} `);
}

/** 20261212T160000Z */
export function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export interface IcsOptions {
  /** absolute URL of the event page in this language */
  url: string;
  /** host name used in the UID, e.g. "tickets.example" */
  uidDomain: string;
  lang: Lang;
  /** DTSTAMP; the event's updated_at by default so rebuilds give identical files */
  stamp?: string;
  /** the event's sessions when it has several: one VEVENT each */
  sessions?: readonly SessionTimes[];
}

/** An event without an end gets a nominal two hours in calendars. */
const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

function endOf(startedAt: string, finishedAt: string | null): string {
  return finishedAt ?? new Date(new Date(startedAt).getTime() + DEFAULT_DURATION_MS).toISOString();
}

/**
 * The event as a calendar: one VEVENT per session (two evening concerts are two
 * evenings in the visitor's calendar, not one block from the first start to the last
 * end). UIDs stay stable across rebuilds: the event's own for a single session, the
 * event's plus the session's start otherwise.
 */
export function eventIcs(event: EventDetail, options: IcsOptions): string {
  const location = [event.place.title, event.hall?.title, event.location.title].filter(Boolean).join(", ");
  const description = [
    event.shortDescription ?? (event.descriptionHtml ? htmlToText(event.descriptionHtml) : ""),
    options.url,
  ]
    .filter(Boolean)
    .join("\n\n");
  const status = event.status === "cancelled" ? "CANCELLED" : "CONFIRMED";
  const several = options.sessions && options.sessions.length > 1 ? options.sessions : null;
  const sessions: SessionTimes[] = several
    ? [...several]
    : [{ startedAt: event.startedAt, finishedAt: event.finishedAt }];
  const vevents = sessions.flatMap((session) => [
    "BEGIN:VEVENT",
    several
      ? `UID:event-${event.id}-${utcStamp(session.startedAt)}@${options.uidDomain}`
      : `UID:event-${event.id}@${options.uidDomain}`,
    `DTSTAMP:${utcStamp(options.stamp ?? event.updatedAt)}`,
    `DTSTART:${utcStamp(session.startedAt)}`,
    `DTEND:${utcStamp(endOf(session.startedAt, session.finishedAt))}`,
    `SUMMARY;LANGUAGE=${options.lang}:${escapeText(event.title)}`,
    `LOCATION;LANGUAGE=${options.lang}:${escapeText(location)}`,
    `DESCRIPTION;LANGUAGE=${options.lang}:${escapeText(description)}`,
    `URL:${options.url}`,
    `STATUS:${status}`,
    "END:VEVENT",
  ]);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//UAE Tickets//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...vevents,
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
