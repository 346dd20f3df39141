/**
 * The door's answer when the phone has no network: from the data the device downloaded
 * (GET /api/checkin/offline: keys, revoked tickets, the list's tickets) and the admissions it
 * made itself since. Signed payloads are verified with the keys, so a ticket sold after the
 * download still gets in; a printed code must be in the downloaded list. Pure.
 */
import type { paths } from "../core/generated/checkin";
import { normaliseCode } from "../core/ticket-code";
import { looksSigned, type TicketFacts, verifyPayload } from "../core/ticket-payload";

type OfflineBody = paths["/api/checkin/offline"]["get"]["responses"][200]["content"]["application/json"];

export type OfflineTicket = OfflineBody["tickets"][number];

/** The download as the contract says, but `event` may be absent in data downloaded before it was sent. */
export type OfflineData = Omit<OfflineBody, "event"> & Partial<Pick<OfflineBody, "event">>;

export type OfflineStatus =
  | "admitted"
  | "already_used"
  | "wrong_event"
  | "wrong_session"
  | "wrong_category"
  | "not_yet_valid"
  | "expired"
  | "revoked"
  | "unknown"
  | "forged";

export interface OfflineAnswer {
  status: OfflineStatus;
  /** the ticket's key for this device's own admissions: its code, or "#id" for a ticket not downloaded */
  key: string | null;
  ticket: { code: string; name: string; category: string } | null;
  usedAt: string | null;
  /** for "not valid yet": from when it admits */
  validFrom: string | null;
}

/** An answer that names no ticket of the list. */
const refusal = (status: OfflineStatus, key: string | null): OfflineAnswer => ({
  status,
  key,
  ticket: null,
  usedAt: null,
  validFrom: null,
});

/** `admittedHere`: ticket key → when this device admitted it while offline. */
export function decideOffline(
  text: string,
  data: OfflineData,
  admittedHere: Readonly<Record<string, string>>,
  now: number,
): OfflineAnswer {
  const keys = data.keys.map((k) => ({ keyId: k.key_id, publicKey: k.public_key }));
  let ticket: OfflineTicket | undefined;
  // what a printed code stands for comes from the list, not from a signature
  let facts: Omit<TicketFacts, "keyId">;
  if (looksSigned(text)) {
    const verified = verifyPayload(text, keys);
    if (!verified.ok) return refusal("forged", null);
    facts = verified.facts;
    ticket = data.tickets.find((t) => t.id === verified.facts.ticketId);
    if (data.revoked.some((r) => r.id === verified.facts.ticketId)) return refusal("revoked", null);
  } else {
    const code = normaliseCode(text);
    if (data.revoked.some((r) => r.code === code)) return refusal("revoked", code);
    ticket = data.tickets.find((t) => t.code === code);
    if (!ticket) return refusal("unknown", null);
    facts = {
      ticketId: ticket.id,
      eventId: data.list.event_id,
      sessionId: ticket.session_id,
      categoryId: ticket.category_id,
      validFrom: Date.parse(ticket.valid_from),
      validTo: Date.parse(ticket.valid_to),
    };
  }
  const key = ticket ? ticket.code : `#${facts.ticketId}`;
  const shown = ticket ? { code: ticket.code, name: ticket.name, category: ticket.category } : null;
  const answer = (status: OfflineStatus, usedAt: string | null = null): OfflineAnswer => ({
    status,
    key,
    ticket: shown,
    usedAt,
    validFrom: status === "not_yet_valid" ? new Date(facts.validFrom).toISOString() : null,
  });
  if (facts.eventId !== data.list.event_id) return answer("wrong_event");
  if (data.list.session_ids && !data.list.session_ids.includes(facts.sessionId)) return answer("wrong_session");
  if (data.list.category_ids && !data.list.category_ids.includes(facts.categoryId)) return answer("wrong_category");
  if (now < facts.validFrom) return answer("not_yet_valid");
  if (now > facts.validTo) return answer("expired");
  const usedAt = admittedHere[key] ?? ticket?.admitted_at ?? null;
  if (usedAt) return answer("already_used", usedAt);
  return answer("admitted");
}
